import Foundation
import Model
import PlanKit
import Planner
import Store
import Testing

/// The phone page's use cases: which trip is served, its secret kept and renewed, a tick through the core.
@Suite struct ChecklistUseCaseTests {
    final class Fixture {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plan-checklist-\(UUID().uuidString)")
        let app: PlanApp

        struct Quiet: ProgressDisplay {
            func progress(_ text: String) {}
            func endProgress() {}
        }

        init() throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            app = PlanApp(environment: ["PLAN_DB": folder.appending(path: "plan.sqlite").path, "PLAN_OFFLINE": "1"], reporter: Quiet())
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func trip(_ name: String, from start: CalendarDate, nights: Int = 3, packed: Bool) async throws -> Trip {
            let store = try app.openStore()
            let trip = try await store.addTrip(NewTrip(name: name, destination: name, place: nil, start: start, end: start.adding(days: nights)))
            if packed {
                let items = [PackingItem(category: "Clothing", name: "Socks", quantity: 4, reason: "One a day")]
                try await store.savePackingList(tripID: trip.id, sessionID: nil, model: "test", json: try PackingList(items: items).jsonText())
            }
            return trip
        }
    }

    @Test func theNextTripWithAListIsServed() async throws {
        let fixture = try Fixture()
        let today = CalendarDate(Date())
        await #expect(throws: ChecklistProblem.noTripWithList) { try await fixture.app.checklistTrip(nil) }
        let past = try await fixture.trip("Past", from: today.adding(days: -30), packed: true)
        #expect(try await fixture.app.checklistTrip(nil).id == past.id, "all over: the latest")
        let later = try await fixture.trip("Later", from: today.adding(days: 40), packed: true)
        let sooner = try await fixture.trip("Sooner", from: today.adding(days: 5), packed: true)
        _ = try await fixture.trip("Unpacked", from: today.adding(days: 1), packed: false)
        #expect(try await fixture.app.checklistTrip(nil).id == sooner.id)
        #expect(try await fixture.app.checklistTrip(later.id).id == later.id)
        await #expect(throws: ChecklistProblem.noSuchTrip(99)) { try await fixture.app.checklistTrip(99) }
        await #expect(throws: ChecklistProblem.noList(trip: 4)) { try await fixture.app.checklistTrip(4) }
    }

    @Test func theSecretIsKeptUntilANewLinkIsAskedFor() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Trip", from: CalendarDate(Date()), packed: true)
        let first = try await fixture.app.pageSecret(tripID: trip.id)
        #expect(first.count == 24)
        #expect(try await fixture.app.pageSecret(tripID: trip.id) == first)
        let renewed = try await fixture.app.pageSecret(tripID: trip.id, renewing: true)
        #expect(renewed != first)
        #expect(try await fixture.app.pageSecret(tripID: trip.id) == renewed)
        // Another process (a restart) reads the same.
        let again = PlanApp(environment: fixture.app.environment, reporter: Fixture.Quiet())
        #expect(try await again.pageSecret(tripID: trip.id) == renewed)
    }

    @Test func aTickGoesThroughTheCore() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip("Trip", from: CalendarDate(Date()), packed: true)
        let checklist = try await fixture.app.checklist(tripID: trip.id, weather: false)
        let socks = try #require(checklist.list.entries.first)
        guard case .done(let list) = try await fixture.app.tick(
            ChecklistTick(key: socks.key, name: "Socks", quantity: 4, packed: true), tripID: trip.id
        ) else {
            Issue.record("not ticked")
            return
        }
        #expect(list.progress == "1 of 1 packed")
        guard case .changed = try await fixture.app.tick(ChecklistTick(key: socks.key, name: "Socks", quantity: 3, packed: false), tripID: trip.id) else {
            Issue.record("a changed item was unticked")
            return
        }
        #expect(try await fixture.app.checklist(tripID: trip.id, weather: false).list.packedCount == 1)
    }
}
