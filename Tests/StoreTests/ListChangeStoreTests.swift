import Foundation
import Model
@testable import Store
import Testing

/// The traveller's rows (migration 0010): ticks, own items and removals, remembered choices; a database
/// from before them migrated with nothing lost.
@Suite struct ListChangeStoreTests {
    static let list = #"{"items":[{"category":"Clothing","name":"Socks","quantity":5,"reason":"One a day","weather":false}],"notices":[]}"#

    @Test func aDatabaseAtThePreviousSchemaGetsTheNewTablesWithNothingLost() async throws {
        let temp = TemporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (temp.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        let previous = Migration.embedded.filter { $0.version < 10 }
        #expect(!previous.isEmpty)
        do {
            let raw = try Connection(path: temp.path)
            try Migrator(migrations: previous, clock: { Date() }).migrate(raw)
            try raw.execute("""
                INSERT INTO trips (name, destination, start_date, end_date, created_at)
                VALUES ('Denver', 'Denver', '2026-12-03', '2026-12-06', 1000);
                INSERT INTO packing_lists (trip_id, model, list, created_at) VALUES (1, 'builtin', '\(Self.list)', 1001);
                INSERT INTO packing_lists (trip_id, model, list, created_at) VALUES (1, 'builtin', '\(Self.list)', 1002);
                """)
            #expect(try raw.pragmaInt("user_version") == previous.map(\.version).max())
        }
        let store = try Store(path: temp.path)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(try await store.integrityCheck() == "ok")
        let trip = try #require(try await store.trip(id: 1))
        #expect(trip.name == "Denver" && trip.start.description == "2026-12-03")
        let lists = try await store.packingLists(tripID: 1)
        #expect(lists.map(\.id) == [1, 2])
        #expect(lists.allSatisfy { $0.json == Self.list && $0.outOfDate == nil })
        #expect(try await store.latestPackingList(tripID: 1)?.id == 2)
        #expect(try await store.listChanges(tripID: 1).isEmpty)
        #expect(try await store.preferences().isEmpty)
        // The new tables take rows at once.
        let version = try await store.listVersion(tripID: 1)
        #expect(version == ListVersion(listID: 2, lastChangeID: nil))
        let written = try await store.recordListChanges([NewListChange(.check, "Socks")], tripID: 1, expected: version)
        #expect(written?.first?.key == "socks")
        #expect(try await store.markPackingListOutOfDate(tripID: 1, reason: "the dates changed"))
        #expect(try await store.latestPackingList(tripID: 1)?.outOfDate == "the dates changed")
    }

    @Test func aWriteAgainstAnOlderVersionWritesNothing() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let trip = try await store.addTrip(NewTrip(
            name: "T", destination: "T", place: nil, start: try #require(CalendarDate("2026-12-03")),
            end: try #require(CalendarDate("2026-12-04")), activities: []
        ))
        let before = try await store.listVersion(tripID: trip.id)
        try await store.savePackingList(tripID: trip.id, sessionID: nil, model: "builtin", json: Self.list)
        let written = try await store.recordListChanges(
            [NewListChange(.check, "Socks")], preferences: [NewPreferenceChange("Socks", choice: .always)],
            tripID: trip.id, expected: before
        )
        #expect(written == nil)
        #expect(try await store.listChanges(tripID: trip.id).isEmpty)
        #expect(try await store.preferenceChanges().isEmpty)
    }

    @Test func namesAreTidiedAndKeyedByCaseAndSpaces() {
        #expect(ItemKey.of("  Rain   Jacket ") == "rain jacket")
        #expect(ItemKey.of("SOCKS") == ItemKey.of("socks"))
        #expect(ItemKey.tidy("Rain\u{1B}[31m\njacket") == "Rain [31m jacket")
        #expect(ItemKey.tidy("   ") == nil)
        #expect(ItemKey.tidy(String(repeating: "x", count: 201)) == nil)
    }

    @Test func theNewestChoicePerItemIsInForceAndForgettingEndsIt() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        try await store.recordPreferences([
            NewPreferenceChange("CPAP machine", choice: .always, category: "Health"),
            NewPreferenceChange("Umbrella", choice: .never),
        ])
        try await store.recordPreferences([NewPreferenceChange("umbrella", choice: .always)])
        var inForce = try await store.preferences()
        #expect(inForce.map(\.key) == ["cpap machine", "umbrella"])
        #expect(inForce.last?.choice == .always)
        try await store.recordPreferences([NewPreferenceChange("Umbrella", choice: nil)])
        inForce = try await store.preferences()
        #expect(inForce.map(\.name) == ["CPAP machine"])
        #expect(inForce.first?.category == "Health")
        // The history is kept: four rows, the forgetting included.
        #expect(try await store.preferenceChanges().count == 4)
        #expect(try await store.preferenceChanges().last?.choice == nil)
    }
}
