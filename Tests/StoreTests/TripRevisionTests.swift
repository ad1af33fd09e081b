import Foundation
@testable import Model
@testable import Store
import Testing

/// A trip's revision (issue 32): a list is out of date by the revision it was made for, not by the clock;
/// a list made for an older revision is stored out of date; a change is written only over the revision it
/// was made from; a pack or ask claims its trip in one write.
@Suite struct TripRevisionTests {
    @Test func aListMadeForAnOlderRevisionIsStoredOutOfDate() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let trip = try await store.addTrip(try TripStoreTests.newTrip())
        #expect(trip.revision == 0)
        // The trip changes while its pack (made for revision 0) is at work.
        let edited = try #require(try await store.updateTrip(
            id: trip.id, TripChange(legs: [TripLegTests.leg(1, "2026-12-04", "2026-12-07", "Denver, CO")], note: "dates moved")
        ))
        #expect(edited.revision == 1)
        let stale = try await store.savePackingList(
            tripID: trip.id, sessionID: nil, model: "builtin", json: #"{"items":[]}"#, tripRevision: trip.revision
        )
        #expect(stale.outOfDate == "the trip changed while it was being packed: dates moved")
        #expect(try await store.latestPackingList(tripID: trip.id)?.outOfDate == stale.outOfDate)
        #expect(edited.outOfDateReason(listRevision: stale.tripRevision) == "dates moved")
        // The next list, made for the trip as it is, is current.
        let current = try await store.savePackingList(
            tripID: trip.id, sessionID: nil, model: "builtin", json: #"{"items":[]}"#, tripRevision: edited.revision
        )
        #expect(current.outOfDate == nil)
        #expect(try await store.latestPackingList(tripID: trip.id)?.outOfDate == nil)
        #expect(edited.outOfDateReason(listRevision: current.tripRevision) == nil)
    }

    @Test func outOfDateIsDecidedByRevisionNotByTheClock() async throws {
        let temp = TemporaryDatabase()
        let clock = SettableClock()
        let store = try Store(path: temp.path, clock: { clock.now })
        let trip = try await store.addTrip(try TripStoreTests.newTrip())
        try await store.savePackingList(tripID: trip.id, sessionID: nil, model: "builtin", json: #"{"items":[]}"#)
        // One edit made under a clock a year ahead, then the clock is right again.
        clock.now = clock.now.addingTimeInterval(366 * 86_400)
        _ = try await store.updateTrip(id: trip.id, TripChange(activities: ["ski", "hiking"], note: "activities changed"))
        clock.now = clock.now.addingTimeInterval(-366 * 86_400 + 60)
        let edited = try #require(try await store.trip(id: trip.id))
        let older = try #require(try await store.packingLists(tripID: trip.id).first)
        #expect(edited.outOfDateReason(listRevision: older.tripRevision) == "activities changed")
        let repacked = try await store.savePackingList(tripID: trip.id, sessionID: nil, model: "builtin", json: #"{"items":[]}"#)
        #expect(repacked.createdAt < (edited.changedAt ?? .distantPast))  // older by the clock…
        #expect(edited.outOfDateReason(listRevision: repacked.tripRevision) == nil)  // …and current all the same
        // The next change starts a new note: the list made since took the old one.
        let again = try #require(try await store.updateTrip(id: trip.id, TripChange(note: "place changed")))
        #expect(again.changeNote == "place changed")
    }

    @Test func aChangeIsWrittenOnlyOverTheRevisionItWasMadeFrom() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let trip = try await store.addTrip(try TripStoreTests.newTrip())
        // Another command adds a stop after this one read the trip.
        let moab = try TripLegTests.leg(2, "2026-12-06", "2026-12-09", "Moab, UT")
        let added = try #require(try await store.updateTrip(id: trip.id, TripChange(legs: trip.legs + [moab], note: "stop 2 added")))
        let stale = [try TripLegTests.leg(1, "2026-12-03", "2026-12-06", "Boulder, CO")]
        await #expect(throws: TripChangedError(tripID: trip.id, expected: 0, found: 1)) {
            _ = try await store.updateTrip(id: trip.id, TripChange(legs: stale, note: "place changed"), expectedRevision: trip.revision)
        }
        #expect(try await store.trip(id: trip.id) == added)
        let over = try #require(try await store.updateTrip(
            id: trip.id, TripChange(name: "West"), expectedRevision: added.revision
        ))
        #expect(over.name == "West" && over.legs.count == 2 && over.revision == added.revision)
    }

    @Test func aTripsSessionIsClaimedByOneProcessInOneWrite() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let trip = try await store.addTrip(try TripStoreTests.newTrip())
        // The parent of this test process: alive, and not this process.
        let parent = try #require(SessionOwner.token(of: Int(getppid())).map { SessionOwner(pid: Int(getppid()), token: $0) })
        let first = try await store.claimSession(tripID: trip.id, purpose: .pack, model: "m", contextSize: 1, owner: parent, trip: trip)
        guard case let .started(id) = first else { Issue.record("the first claim was refused: \(first)"); return }
        #expect(try await store.session(id: id)?.tripRevision == 0)
        let second = try await store.claimSession(tripID: trip.id, purpose: .pack, model: "m", contextSize: 1)
        #expect(second == .busy(try #require(try await store.session(id: id))))
        #expect(try await store.sessions(SessionFilter(tripID: trip.id)).count == 1)
        // Another purpose is another guard; the engine's name and window are written once probed.
        guard case let .started(ask) = try await store.claimSession(tripID: trip.id, purpose: .ask, model: "m", contextSize: 1)
        else { Issue.record("the ask was refused"); return }
        try await store.setSessionModel(id: ask, model: "served", contextSize: 8_192)
        #expect(try await store.session(id: ask).map { "\($0.model) \($0.contextSize)" } == "served 8192")
    }

    /// A database from before revisions (schema 13): a trip changed after its list is at revision 1 with its
    /// list at 0 (out of date); a trip packed after its change has a current list.
    @Test func theMigrationKeepsWhatWasOutOfDate() async throws {
        let temp = TemporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (temp.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        do {
            let raw = try Connection(path: temp.path)
            try Migrator(migrations: Migration.embedded.filter { $0.version <= 13 }, clock: { Date() }).migrate(raw)
            try raw.execute("""
                INSERT INTO trips (id, name, destination, start_date, end_date, activities, created_at, changed_at, change_note)
                VALUES (1, 'A', 'Denver', '2026-12-03', '2026-12-06', '[]', 1, 10, 'dates moved'),
                       (2, 'B', 'Denver', '2026-12-03', '2026-12-06', '[]', 1, 10, 'dates moved'),
                       (3, 'C', 'Denver', '2026-12-03', '2026-12-06', '[]', 1, NULL, NULL);
                INSERT INTO trip_legs (trip_id, position, destination, start_date, end_date)
                VALUES (1, 1, 'Denver', '2026-12-03', '2026-12-06'), (2, 1, 'Denver', '2026-12-03', '2026-12-06'),
                       (3, 1, 'Denver', '2026-12-03', '2026-12-06');
                INSERT INTO packing_lists (trip_id, model, list, created_at)
                VALUES (1, 'builtin', '{"items":[]}', 5), (2, 'builtin', '{"items":[]}', 15), (3, 'builtin', '{"items":[]}', 5);
                """)
        }
        let store = try Store(path: temp.path)
        for (id, outOfDate) in [(1, true), (2, false), (3, false)] {
            let trip = try #require(try await store.trip(id: id))
            let list = try #require(try await store.latestPackingList(tripID: id))
            #expect((trip.outOfDateReason(listRevision: list.tripRevision) != nil) == outOfDate, "trip \(id)")
        }
    }
}

/// A clock a test sets.
final class SettableClock: @unchecked Sendable {
    // Guarded by the lock: the store reads it from its actor, the test sets it.
    private let lock = NSLock()
    private var value = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}
