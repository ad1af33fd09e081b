import Foundation
import LanguageModels
import Model
import Planner
import Store
import TestSupport
import Testing
import Tools

/// Item names from outside, round four (issue 32): a model's invisible characters and long accented names
/// tick what they name, the traveller's names are counted as the tables count them, "42" is a name when
/// asked, an own item added while ticks land, a long checklist read back in linear time.
@Suite(.serialized) struct ItemNameEntryTests {
    typealias Fixture = ListKeeperTests.Fixture

    /// 44 characters of a letter with four accents: 220 code points.
    static let accented = String(repeating: "x\u{0301}\u{0302}\u{0303}\u{0304}", count: 44)

    @Test func aModelsInvisibleCharactersAndLongNamesTickWhatTheyName() async throws {
        let world = try ModelWorkTests.World()
        let trip = try await world.fixture.trip("Denver, CO")
        let items = ModelWorkTests.goodItems + [
            ModelWorkTests.item("Toiletries", "Sun\u{00AD}screen"), ModelWorkTests.item("Clothing", "Rain\u{200B} \u{FEFF}jacket"),
            ModelWorkTests.item("Accessories", Self.accented),
        ]
        try await world.script([ModelWorkTests.forecastCall, ["json": ["items": items, "notices": []]]])
        let result = try await PackPlanner(world.setup()).pack(trip)
        #expect(result.list.items.contains { $0.name == "Sunscreen" } && result.list.items.contains { $0.name == "Rain jacket" })
        #expect(result.list.items.allSatisfy { ItemName.fits($0.name) && ItemName.normalized($0.name) == $0.name })
        let keeper = ListKeeper(store: world.fixture.store)
        let before = try await keeper.list(tripID: trip.id)
        let sunscreen = try #require(before.entries.first { $0.key == "sunscreen" })
        let ticked = try await keeper.tick(tripID: trip.id, references: [String(sunscreen.number), "rain jacket"], packed: true)
        #expect(ticked.changed.map(\.key) == ["sunscreen", "rain jacket"])
        #expect(ticked.list.entries.filter(\.packed).map(\.key).sorted() == ["rain jacket", "sunscreen"])
        #expect(!ticked.list.entries.contains { $0.source == .kept }, "no phantom 'kept because you ticked it'")
        // Every name the model gave is stored whole or cut to what the tables hold: --all ticks all.
        let all = try await keeper.tick(tripID: trip.id, references: [], all: true, packed: true)
        #expect(all.list.entries.count == before.entries.count)
        #expect(all.list.packedCount == before.entries.count)
    }

    @Test func aListStoredWithInvisibleCharactersTicksByNumberAndName() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(ListKeeperTests.five + [ListKeeperTests.item("Tooth\u{00AD}brush", "Toiletries")], trip: trip)
        let ticked = try await fixture.keeper.tick(tripID: trip.id, references: ["toothbrush"], packed: true)
        #expect(ticked.changed.map(\.key) == ["toothbrush"])
        #expect(ticked.list.entries.filter(\.packed).map(\.key) == ["toothbrush"])
        #expect(ticked.list.entries.count == 6 && !ticked.list.entries.contains { $0.source == .kept })
    }

    @Test func theTravellersNamesAreCountedAsTheTablesCountThem() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(ListKeeperTests.five, trip: trip)
        let flags = String(repeating: "🇫🇷", count: 101)
        await #expect(throws: ListError.nameTooLong(flags, length: 202, limit: 200)) {
            _ = try await fixture.keeper.add(tripID: trip.id, name: flags, quantity: nil, category: nil, always: false)
        }
        let category = String(repeating: "é", count: 31).decomposedStringWithCanonicalMapping
        await #expect(throws: ListError.self) {
            _ = try await fixture.keeper.add(tripID: trip.id, name: "Hat", quantity: nil, category: "Ü" + String(repeating: "🇫🇷", count: 30), always: false)
        }
        #expect(try await fixture.store.listChanges(tripID: trip.id).isEmpty, "nothing written")
        // A family emoji (a joiner sequence) is a name, as it is a destination; a decomposed accent is one form.
        let family = "👨\u{200D}👩\u{200D}👧 games"
        let added = try await fixture.keeper.add(tripID: trip.id, name: family, quantity: nil, category: category, always: true)
        #expect(added.entry.item.name == family && added.entry.item.category == category.precomposedStringWithCanonicalMapping)
        let hundred = String(repeating: "🇫🇷", count: 100)
        #expect(try await fixture.keeper.add(tripID: trip.id, name: hundred, quantity: nil, category: nil, always: false).entry.item.name == hundred)
        await #expect(throws: ListError.badName("Sun\u{00AD}hat")) {
            _ = try await fixture.keeper.add(tripID: trip.id, name: "Sun\u{00AD}hat", quantity: nil, category: nil, always: false)
        }
    }

    @Test func digitsAreANumberUnlessTheyAreAskedForAsAName() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(ListKeeperTests.five + [ListKeeperTests.item("42", "Documents & money")], trip: trip)
        await #expect(throws: ListError.numberIsAName("42", count: 6, trip: trip.id)) {
            _ = try await fixture.keeper.tick(tripID: trip.id, references: ["42"], packed: true)
        }
        let message = ListError.numberIsAName("42", count: 6, trip: trip.id)
        #expect(message.errorDescription == "trip \(trip.id)'s list has no item 42 (it has 6), but an item is named '42'.")
        #expect(message.recoverySuggestion?.contains("plan check \(trip.id) --name 42") == true)
        let byName = try await fixture.keeper.tick(tripID: trip.id, references: ["42"], byName: true, packed: true)
        #expect(byName.changed.map(\.item.name) == ["42"])
        let byNumber = try await fixture.keeper.tick(tripID: trip.id, references: ["1"], packed: true)
        #expect(byNumber.changed.map(\.item.name) == ["Socks"], "a bare number stays a number")
        await #expect(throws: ListError.noSuchNumber(43, count: 6, trip: trip.id)) {
            _ = try await fixture.keeper.tick(tripID: trip.id, references: ["43"], packed: true)
        }
    }

    @Test func anOwnItemAddedWhileTicksLandIsAdded() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(ListKeeperTests.five, trip: trip)
        let path = fixture.folder.appending(path: "plan.sqlite").path
        for round in 1...6 {
            let tickers = try (0..<4).map { _ in ListKeeper(store: try Store(path: path)) }
            let adder = ListKeeper(store: try Store(path: path))
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, ticker) in tickers.enumerated() {
                    group.addTask {
                        _ = try await ticker.tick(tripID: trip.id, references: [String(index + 1)], packed: round % 2 == 1)
                    }
                }
                group.addTask {
                    _ = try await adder.add(tripID: trip.id, name: "Own item \(round)", quantity: nil, category: nil, always: false)
                }
                try await group.waitForAll()
            }
        }
        let list = try await fixture.keeper.list(tripID: trip.id)
        #expect(list.entries.filter(\.isOwn).count == 6)
    }

    @Test func aLongChecklistIsReadInTimeLinearInItsLines() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        let many = (1...400).map { ListKeeperTests.item("Item number \($0) with a longer name", "Clothing") }
        try await fixture.save(many, trip: trip)
        // 40,000 lines that name nothing, and one that names an item with a reason after it.
        var marks = (1...40_000).map { (text: "Nothing at all on line \($0) — none", packed: true) }
        marks.append((text: "item number 7 with a longer name — hand-written", packed: true))
        let started = Date()
        let (outcome, unknown) = try await fixture.keeper.sync(tripID: trip.id, marks: marks)
        let seconds = Date().timeIntervalSince(started)
        #expect(outcome.changed.map(\.item.name) == ["Item number 7 with a longer name"])
        #expect(unknown.count == 40_000)
        #expect(seconds < 15, "took \(seconds) s (each line once, not each line against every item's keys)")
    }
}
