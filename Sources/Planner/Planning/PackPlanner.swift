import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

/// Packs a trip: the model calls the tools and answers with a packing list, which plan checks against the
/// forecast (the rules' list stands in when the answer cannot be used) and saves as the trip's newest.
/// A pack carries on from the trip's interrupted pack when that saves tool calls.
public struct PackPlanner: Sendable {
    /// The store, model, forecasts and options every session of this planner uses.
    public var setup: PlanningSetup

    /// The longest answer a pack asks for. A 30-item list takes about 1,500 tokens; a model that rambles
    /// past this keeps the items it completed (and the check decides whether they are enough).
    public static let answerTokens = 1_280

    /// A planner that packs with `setup`.
    public init(_ setup: PlanningSetup) {
        self.setup = setup
    }

    /// What a pack produced.
    public struct Result: Sendable {
        public var trip: Trip
        /// The session that produced the list (the last one, after any recovery).
        public var sessionID: Int
        /// The first session of this pack.
        public var firstSessionID: Int
        public var model: String
        public var list: PackingList
        /// Recoveries that happened, in order.
        public var recoveries: [SessionRelation]
        public var stored: StoredPackingList
        /// The interrupted session this pack resumed, and how many tool calls it did not ask again.
        public var resumed: (session: Int, answeredCalls: Int)? = nil
        /// Why the trip's interrupted session was not resumed (the trip changed since it began).
        public var notResumed: String? = nil
    }

    /// Packs `trip`; `onAnswer` is told about the model's list as it grows.
    public func pack(_ trip: Trip, onAnswer: (@Sendable (PackingAnswer.PartiallyGenerated) -> Void)? = nil) async throws -> Result {
        let store = setup.store
        // A session whose process died is read as interrupted; one a live process runs stops this pack (75).
        try await InterruptedSession.claim(tripID: trip.id, purpose: .pack, store: store)
        let packing = PackingTurn(setup: setup, trip: trip, forecasts: setup.forecasts, pins: true)
        var (turn, provider) = packing.turn(purpose: .pack, parent: nil, onAnswer: onAnswer)
        let interrupted = setup.resumesInterrupted
            ? try await InterruptedSession.latest(tripID: trip.id, purpose: .pack, store: store).flatMap { $0.answeredCalls > 0 ? $0 : nil }
            : nil
        // Only for the trip it began with: its prompt and forecast were for those places and dates.
        let notResumed = interrupted?.staleReason(for: trip)
        let resumed = notResumed == nil ? interrupted : nil
        if let resumed {
            // The interrupted session's entries carry on: the tool calls it answered are not asked again.
            turn.carried = resumed.transcript
            turn.parent = (resumed.id, SessionRelation.resumed)
            turn.resumes = true
            turn.tools = packing.tools(provider: setup.forecasts, places: packing.tripPlaces)
            turn.warmUp = nil
            provider = setup.forecasts
            setup.onProgress(resumed.progressLine)
        }
        let checkReads = provider
        return try await setup.chain.converse(turn) { outcome in
            let made = try await packing.finish(outcome, checkReads: checkReads)
            return (
                Result(
                    trip: trip, sessionID: outcome.sessionID, firstSessionID: outcome.firstSessionID, model: outcome.modelName,
                    list: made.list, recoveries: outcome.recoveries, stored: made.stored,
                    resumed: resumed.map { ($0.id, $0.answeredCalls) }, notResumed: notResumed
                ),
                made.note
            )
        }
    }
}
