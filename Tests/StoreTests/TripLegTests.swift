import Foundation
import Model
@testable import Store
import Testing

/// Trips of several stops in the database, and the migration that made every older trip a one-stop trip.
@Suite struct TripLegTests {
    static func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(text)) }

    static func leg(_ position: Int, _ start: String, _ end: String, _ name: String = "Stop") throws -> TripLeg {
        TripLeg(position: position, destination: name, place: nil, start: try date(start), end: try date(end))
    }

    struct Chain: CustomTestStringConvertible, Sendable {
        let spans: [(String, String)]
        let problem: String?
        var testDescription: String { spans.map { "\($0.0)>\($0.1)" }.joined(separator: " ") }
    }

    static let chains: [Chain] = [
        Chain(spans: [("2026-12-03", "2026-12-06")], problem: nil),
        Chain(spans: [("2026-12-03", "2026-12-03")], problem: nil),  // a day trip
        Chain(spans: [("2026-12-03", "2026-12-05"), ("2026-12-05", "2026-12-08")], problem: nil),
        Chain(spans: [("2026-12-03", "2026-12-05"), ("2026-12-06", "2026-12-08")], problem: "a gap"),
        Chain(spans: [("2026-12-03", "2026-12-05"), ("2026-12-04", "2026-12-08")], problem: "an overlap"),
        Chain(spans: [("2026-12-03", "2026-12-05"), ("2026-12-05", "2026-12-05")], problem: "must end after"),
        // A first stop of no nights with stops after it would be an empty part of the trip.
        Chain(spans: [("2026-12-03", "2026-12-03"), ("2026-12-03", "2026-12-05")], problem: "stop 1 (Stop) must end after"),
        Chain(spans: [("2026-12-03", "2026-12-05"), ("2026-12-05", "2026-12-04")], problem: "must end after"),
        Chain(spans: [("2026-12-05", "2026-12-03")], problem: "before it starts"),
        Chain(spans: [("2026-01-01", "2026-06-01"), ("2026-06-01", "2027-01-03")], problem: "366 nights"),
    ]

    @Test(arguments: chains)
    func legsMustJoinEndToStart(_ chain: Chain) throws {
        let legs = try chain.spans.enumerated().map { try Self.leg($0.offset + 1, $0.element.0, $0.element.1) }
        let problem = TripLeg.chainProblem(legs)
        if let expected = chain.problem {
            #expect(problem?.contains(expected) == true, "\(problem ?? "no problem")")
        } else {
            #expect(problem == nil)
        }
    }

    @Test func eachDayOfTheTripBelongsToOneStop() throws {
        let first = try Self.leg(1, "2026-12-03", "2026-12-05")
        let last = try Self.leg(2, "2026-12-05", "2026-12-08")
        // The night of the move (Dec 5) is the next stop's.
        #expect(first.ownDays(isLast: false).map(\.description) == ["2026-12-03", "2026-12-04"])
        #expect(last.ownDays(isLast: true).map(\.description) == ["2026-12-05", "2026-12-06", "2026-12-07", "2026-12-08"])
    }

    @Test func aTripOfStopsIsStoredAndReadBackInOrder() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        var moab = TripStoreTests.denver
        moab.name = "Moab"
        moab.region = "UT"
        moab.latitude = 38.5733
        moab.longitude = -109.5498
        let new = NewTrip(
            name: "West", destination: "Denver, CO", place: TripStoreTests.denver, start: try Self.date("2026-12-03"),
            end: try Self.date("2026-12-05"), stops: [NewTrip.Stop(destination: "Moab, UT", place: moab, end: try Self.date("2026-12-08"))]
        )
        let trip = try await store.addTrip(new)
        let read = try #require(try await store.trip(id: trip.id))
        #expect(read.legs.map(\.shortLabel) == ["Denver, CO", "Moab, UT"])
        #expect(read.legs.map(\.start.description) == ["2026-12-03", "2026-12-05"])
        #expect(read.end.description == "2026-12-08")
        #expect(read.placesLabel == "Denver, CO → Moab, UT")
        #expect(read.place?.name == "Denver")
        let summaries = try await store.tripSummaries()
        #expect(summaries.first?.trip.legs == read.legs)

        // Replacing the stops keeps the trip's own columns in step.
        let changed = try #require(try await store.updateTrip(id: trip.id, TripChange(legs: [read.legs[1]], note: "stop 1 removed")))
        #expect(changed.legs.count == 1 && changed.legs[0].position == 1)
        #expect(changed.destination == "Moab, UT" && changed.start.description == "2026-12-05")
        #expect(changed.changeNote == "stop 1 removed")
        // A gap is refused by the store as well, and nothing changes.
        let gap = [try Self.leg(1, "2026-12-01", "2026-12-02"), try Self.leg(2, "2026-12-04", "2026-12-06")]
        await #expect(throws: StoreError.self) { _ = try await store.updateTrip(id: trip.id, TripChange(legs: gap)) }
        #expect(try await store.trip(id: trip.id) == changed)
    }

    @Test func notesAddUpUntilTheNextList() async throws {
        let temp = TemporaryDatabase()
        let clock = TickingClock()
        let store = try Store(path: temp.path, clock: { clock.next() })
        let trip = try await store.addTrip(try TripStoreTests.newTrip())
        try await store.savePackingList(tripID: trip.id, sessionID: nil, model: "builtin", json: #"{"items":[]}"#)
        _ = try await store.updateTrip(id: trip.id, TripChange(note: "dates changed"))
        let twice = try #require(try await store.updateTrip(id: trip.id, TripChange(note: "activities changed")))
        #expect(twice.changeNote == "dates changed; activities changed")
        let list = try #require(try await store.latestPackingList(tripID: trip.id))
        #expect(twice.outOfDateReason(listRevision: list.tripRevision) == "dates changed; activities changed")
        let fresh = try await store.savePackingList(tripID: trip.id, sessionID: nil, model: "builtin", json: #"{"items":[]}"#)
        #expect(twice.outOfDateReason(listRevision: fresh.tripRevision) == nil)
        let after = try #require(try await store.updateTrip(id: trip.id, TripChange(note: "place changed")))
        #expect(after.changeNote == "place changed")
    }

    /// A database made before stops existed (schema 5) with a packed trip: after the migration the trip is
    /// one stop with its own dates and place, and its list, session and pinned forecast are all still there.
    @Test func everyOlderTripBecomesAOneStopTrip() async throws {
        let temp = TemporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (temp.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        do {
            let raw = try Connection(path: temp.path)
            try Migrator(migrations: Migration.embedded.filter { $0.version <= 5 }, clock: { Date() }).migrate(raw)
            try raw.execute("""
                INSERT INTO places (id, name, region, country, latitude, longitude, time_zone, source, created_at)
                VALUES (7, 'Denver', 'CO', 'US', 39.7392, -104.9847, 'America/Denver', 'gazetteer', 1);
                INSERT INTO trips (id, name, destination, place_id, start_date, end_date, activities, created_at)
                VALUES (3, 'Ski week', 'Denver, CO', 7, '2026-12-03', '2026-12-06', '["ski"]', 2),
                       (4, 'Unresolved', 'Atlantis', NULL, '2026-12-10', '2026-12-10', '[]', 3);
                INSERT INTO sessions (id, trip_id, model, context_size, status, started_at) VALUES (5, 3, 'builtin', 4096, 'completed', 4);
                INSERT INTO packing_lists (trip_id, session_id, model, list, created_at) VALUES (3, 5, 'builtin', '{"items":[]}', 5);
                INSERT INTO forecast_snapshots (trip_id, source, url, fetched_at, forecast, created_at) VALUES (3, 'nws', 'u', 4, '{}', 4);
                """)
        }
        let store = try Store(path: temp.path)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        let trip = try #require(try await store.trip(id: 3))
        #expect(trip.legs.count == 1)
        #expect(trip.legs[0].destination == "Denver, CO" && trip.legs[0].place?.id == 7)
        #expect(trip.legs[0].start.description == "2026-12-03" && trip.legs[0].end.description == "2026-12-06")
        #expect(trip.changedAt == nil)
        let legs = try await store.rows("SELECT trip_id, position, place_id FROM trip_legs ORDER BY trip_id")
        #expect(try legs.map { "\(try $0.int("trip_id")):\(try $0.int("position")):\(try $0.optionalInt("place_id") ?? 0)" } == ["3:1:7", "4:1:0"])
        #expect(try await store.latestPackingList(tripID: 3)?.sessionID == 5)
        #expect(try await store.session(id: 5)?.status == .completed)
        #expect(try await store.latestForecast(tripID: 3, placeID: 7)?.url == "u")
        #expect(try await store.integrityCheck() == "ok")
        let foreignKeys = try await store.rows("PRAGMA foreign_key_check")
        #expect(foreignKeys.isEmpty)
    }
}

/// A clock that moves a second forward each time it is read.
final class TickingClock: @unchecked Sendable {
    // Guarded by the lock: the store's clock is called from its actor only, but the type must be Sendable.
    private let lock = NSLock()
    private var now = Date(timeIntervalSince1970: 1_800_000_000)

    func next() -> Date {
        lock.lock()
        defer { lock.unlock() }
        now = now.addingTimeInterval(1)
        return now
    }
}
