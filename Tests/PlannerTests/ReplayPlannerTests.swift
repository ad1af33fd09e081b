import Foundation
@testable import LanguageModels
import Model
@testable import Planner
import Store
import TestSupport
import Testing
import Tools
import Basics

/// `ReplayPlanner`: a past pack re-run from the forecasts pinned when it ran, with no network.
@Suite(.serialized) struct ReplayPlannerTests {
    /// A forecast provider that counts its requests and fails every one (a network that must not be used).
    final class RefusingForecasts: ForecastProvider {
        private let asked = Locked(0)

        var requests: Int { asked.current }

        func forecast(for place: Place) async throws -> ForecastReport {
            asked.withLock { $0 += 1 }
            throw ServiceError.unavailable(service: "refusing stand-in", reason: "a replay asked the network")
        }
    }

    @Test func aReplayReadsOnlyThePinnedForecastAndLeavesTheTripsListAlone() async throws {
        let fixture = try PlanningTests.Fixture()
        let trip = try await fixture.trip("Denver, CO")
        let packed = try await PackPlanner(fixture.setup(BuiltinPackingModel())).pack(trip)
        let weatherRequests = try await fixture.services.requestLog().count
        #expect(weatherRequests > 0, "the pack fetched its forecast from the stand-in")

        let refusing = RefusingForecasts()
        let setup = PlanningSetup(store: fixture.store, model: BuiltinPackingModel(), forecasts: refusing, gazetteer: fixture.gazetteer)
        let pinned = try await ReplayPlanner.Pinned.load(
            for: trip, madeAt: packed.stored.createdAt, session: packed.sessionID, store: fixture.store
        )
        let replayed = try await ReplayPlanner(setup).replay(trip, of: packed.sessionID, pinned: pinned)

        #expect(refusing.requests == 0)
        #expect(try await fixture.services.requestLog().count == weatherRequests, "no request reached the weather stand-in")
        #expect(replayed.original == packed.sessionID && replayed.sessionID != packed.sessionID)
        #expect(replayed.list.items.map(\.name) == packed.list.items.map(\.name), "the same forecast, the same rules")
        let session = try #require(try await fixture.store.session(id: replayed.sessionID))
        #expect(session.purpose == .replay && session.parentID == packed.sessionID && session.relation == .replay)
        #expect(session.status == .completed)
        // The replay's list is saved for its session; the trip's list is still the pack's.
        #expect(replayed.stored.sessionID == replayed.sessionID)
        #expect(try await ListKeeper(store: fixture.store).list(tripID: trip.id).base?.sessionID == packed.sessionID)
    }

    @Test func aTripWithNoPinnedForecastCannotBeReplayed() async throws {
        let fixture = try PlanningTests.Fixture()
        let trip = try await fixture.trip("Seattle, WA")
        await #expect(throws: ReplayError.noPinnedForecast(tripID: trip.id, session: 7)) {
            _ = try await ReplayPlanner.Pinned.load(for: trip, madeAt: Date(), session: 7, store: fixture.store)
        }
    }
}
