import FoundationEssentials
import LanguageModels
import Model
import Planner
import Store

/// Packing, replaying and asking as every front end does them, over the process's one database.
extension PlanApp {
    /// Packs a stored trip (`plan pack`, MCP's packing_list): the forecasts through the cache (`fresh`: past
    /// it), the sea's for a trip on or in the water, the traveller with the trip's laundry; `onDraft` is told
    /// about the model's list as it grows (a model that streams). Carries on from an interrupted pack of the
    /// trip when the engine's settings say so.
    public func pack(
        _ trip: Trip, model: any LanguageModel, engine: EngineSettings, fresh: Bool = false, offline: Bool,
        onDraft: (@Sendable (PackDraft) -> Void)? = nil
    ) async throws -> PackOutcome {
        let store = try openStore()
        let setup = try await packSetup(for: trip, model: model, store: store, engine: engine, fresh: fresh, offline: offline)
        var outcome = PackOutcome(try await PackPlanner(setup).pack(trip, onAnswer: PackDraft.relay(onDraft)))
        reporter.endProgress()
        outcome.forecast = try await store.latestForecast(tripID: trip.id).map { PinnedForecast($0, trip: trip) }
        return outcome
    }

    /// The trip's list as the traveller packs from it now, with what changed since the list before.
    public func listAfterPack(tripID: Int) async throws -> ListAfterPack {
        let keeper = ListKeeper(store: try openStore())
        return ListAfterPack(list: try await keeper.list(tripID: tripID), changes: try await keeper.report(tripID: tripID))
    }

    /// Marks this process's running sessions of the trip interrupted (Ctrl-C): the next pack or ask of the
    /// trip carries on from them.
    public func interruptRunningSessions(tripID: Int) async {
        guard let store = try? openStore() else { return }
        try? await store.interruptRunningSessions(tripID: tripID, reason: "interrupted (Ctrl-C)")
    }

    /// Re-runs session `original`'s pack of `trip` (the trip as that session had it) offline, from the
    /// forecasts pinned when its list was made (`madeAt`): the engine's list as it was made, nothing of the
    /// traveller's ticks or own items.
    public func replay(
        _ trip: Trip, of original: Int, madeAt: Date, model: any LanguageModel, engine: EngineSettings,
        onDraft: (@Sendable (PackDraft) -> Void)? = nil
    ) async throws -> PackOutcome {
        let store = try openStore()
        let pinned = try await ReplayPlanner.Pinned.load(for: trip, madeAt: madeAt, session: original, store: store)
        var setup = planningSetup(store: store, model: model, forecasts: pinned.provider, engine: engine)
        setup.traveller = try await traveller(store: store, tripID: trip.id)
        var outcome = PackOutcome(try await ReplayPlanner(setup).replay(trip, of: original, pinned: pinned, onAnswer: PackDraft.relay(onDraft)))
        reporter.endProgress()
        outcome.forecast = PinnedForecast(pinned.snapshot, trip: trip)
        return outcome
    }

    /// A follow-up question about `trip` (`plan ask`), answered by `model` from the trip's facts and its tools;
    /// `onText` is told the answer as it arrives.
    public func ask(
        _ question: String, about trip: Trip, model: any LanguageModel, engine: EngineSettings, offline: Bool,
        onText: (@Sendable (String) -> Void)? = nil
    ) async throws -> FollowUp {
        let store = try openStore()
        let service = try forecastService(store: store, fresh: false, offline: offline)
        let planner = AskPlanner(planningSetup(store: store, model: model, forecasts: service, engine: engine, offline: offline))
        let answer = try await planner.ask(question, trip: trip, onText: onText)
        return FollowUp(
            sessionID: answer.sessionID, answer: answer.answer, recoveries: answer.recoveries, notices: answer.notices,
            resumed: answer.resumed
        )
    }
}
