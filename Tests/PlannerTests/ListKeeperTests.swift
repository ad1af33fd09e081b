import Foundation
import LanguageModels
import Model
import Planner
import Store
import TestSupport
import Testing
import Tools

/// The list a traveller packs from: items named by number or name, ticks through re-packs, own items and
/// remembered choices on the next trip with either engine, the change report.
@Suite(.serialized) struct ListKeeperTests {
    final class Fixture {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plan-lists-\(UUID().uuidString)")
        let store: Store
        let keeper: ListKeeper

        init() throws {
            store = try Store(path: folder.appending(path: "plan.sqlite").path)
            keeper = ListKeeper(store: store)
        }

        deinit { try? FileManager.default.removeItem(at: folder) }

        func trip(_ place: Place? = nil, name: String = "Trip") async throws -> Trip {
            let today = CalendarDate(Date())
            return try await store.addTrip(NewTrip(
                name: name, destination: place?.name ?? name, place: place, start: today, end: today.adding(days: 3)
            ))
        }

        /// Stores a list as a pack would (no session).
        func save(_ items: [PackingItem], trip: Trip) async throws {
            try await store.savePackingList(
                tripID: trip.id, sessionID: nil, model: "test", json: try PackingList(items: items).jsonText()
            )
        }
    }

    static func item(_ name: String, _ category: String = "Clothing", quantity: Int? = nil, reason: String = "Every trip") -> PackingItem {
        PackingItem(category: category, name: name, quantity: quantity, reason: reason)
    }

    static let five = [
        item("Socks", quantity: 5), item("Sunscreen", "Toiletries"), item("Sun hat"),
        item("Rain jacket", "Rain & weather"), item("Compact umbrella", "Rain & weather"),
    ]

    // MARK: - Resolution

    @Test func itemsAreNamedByNumberNameOrAUniqueStart() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(Self.five, trip: trip)
        let list = try await fixture.keeper.list(tripID: trip.id)
        // Numbered in printed order: by category, in the order categories first appear.
        #expect(list.entries.map(\.item.name) == ["Socks", "Sun hat", "Sunscreen", "Rain jacket", "Compact umbrella"])
        #expect(list.entries.map(\.number) == [1, 2, 3, 4, 5])
        let name: (String) throws -> String = { try ItemResolver.resolve($0, in: list, trip: trip.id).item.name }
        #expect(try name("3") == "Sunscreen")
        #expect(try name("SOCKS") == "Socks")
        #expect(try name("sun h") == "Sun hat")
        #expect(try name("sunsc") == "Sunscreen")
        #expect(try name("rain") == "Rain jacket")
        #expect(try name("umbrella") == "Compact umbrella", "the start of a word, when only one item has it")
        #expect(try name("  Rain   JACKET ") == "Rain jacket")
        #expect(try name("socks ×5") == "Socks", "as show prints it, quantity included")
        #expect(throws: ListError.ambiguousItem("sun", candidates: ["Sun hat", "Sunscreen"], trip: trip.id)) {
            try name("sun")
        }
        #expect(throws: ListError.unknownItem("zebra", candidates: [], trip: trip.id)) { try name("zebra") }
        #expect(throws: ListError.unknownItem("ocks", candidates: ["Socks"], trip: trip.id)) { try name("ocks") }
        #expect(throws: ListError.noSuchNumber(6, count: 5, trip: trip.id)) { try name("6") }
        #expect(throws: ListError.noSuchNumber(0, count: 5, trip: trip.id)) { try name("0") }
        let message = ListError.ambiguousItem("sun", candidates: ["Sun hat", "Sunscreen"], trip: trip.id).errorDescription
        #expect(message == "'sun' could be 'Sun hat' or 'Sunscreen'.")
    }

    @Test func aFailedReferenceTicksNothing() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(Self.five, trip: trip)
        await #expect(throws: ListError.self) {
            _ = try await fixture.keeper.tick(tripID: trip.id, references: ["socks", "sun"], packed: true)
        }
        await #expect(throws: ListError.self) {
            _ = try await fixture.keeper.remove(tripID: trip.id, reference: "zebra", never: true)
        }
        #expect(try await fixture.store.listChanges(tripID: trip.id).isEmpty)
        #expect(try await fixture.store.preferenceChanges().isEmpty)
        let ticked = try await fixture.keeper.tick(tripID: trip.id, references: ["socks", "1", "4"], packed: true)
        #expect(ticked.changed.map(\.item.name) == ["Socks", "Rain jacket"], "a repeat is one item")
        #expect(ticked.list.progress == "2 of 5 packed")
        let again = try await fixture.keeper.tick(tripID: trip.id, references: ["socks"], packed: true)
        #expect(again.changed.isEmpty && again.unchanged.map(\.item.name) == ["Socks"])
        #expect(try await fixture.store.listChanges(tripID: trip.id).count == 2, "no row for a tick that changes nothing")
        let cleared = try await fixture.keeper.tick(tripID: trip.id, references: [], all: true, packed: false)
        #expect(cleared.list.packedCount == 0)
    }

    // MARK: - Re-packing

    @Test func ticksFollowItemsByNameToTheNextListAndADroppedTickedItemIsKept() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save([Self.item("Socks", quantity: 5), Self.item("Sunscreen", "Toiletries"), Self.item("Sun hat")], trip: trip)
        _ = try await fixture.keeper.tick(tripID: trip.id, references: ["socks", "sunscreen"], packed: true)
        _ = try await fixture.keeper.add(tripID: trip.id, name: "Travel pillow", quantity: nil, category: nil, always: false)
        try await fixture.save([
            Self.item("socks", quantity: 6), Self.item("Sun hat"),
            Self.item("Rain jacket", "Rain & weather", reason: "90% rain Thu Dec 4"),
        ], trip: trip)
        let list = try await fixture.keeper.list(tripID: trip.id)
        // The tick followed the socks by name, for the 5 it packed: the new list asks 6, so 5 of 6 (issue 41).
        #expect(list.entry(key: "socks")?.packed == false)
        #expect(list.entry(key: "socks")?.packedQuantity == 5)
        #expect(list.entry(key: "socks")?.partNote == "5 of 6 packed")
        #expect(list.entry(key: "socks")?.item.quantity == 6)
        #expect(list.entry(key: "sun hat")?.packed == false)
        let kept = try #require(list.entry(key: "sunscreen"))
        #expect(kept.source == .kept && kept.packed)
        #expect(kept.item.category == "Toiletries", "kept with what the older list said of it")
        #expect(list.entry(key: "travel pillow")?.source == .own)
        #expect(list.entry(key: "rain jacket")?.packed == false)

        let report = try #require(try await fixture.keeper.report(tripID: trip.id))
        #expect(report.added.map(\.item.name) == ["Rain jacket"])
        #expect(report.added.first?.item.reason == "90% rain Thu Dec 4")
        #expect(report.removed.map(\.item.name) == ["Sunscreen"])
        #expect(report.removed.first?.isKept == true)
        #expect(report.changed.map(\.item.name) == ["socks"])
        #expect(report.changed.first.map { [$0.from, $0.to] } == [5, 6])
        // Unticking the kept item lets it go.
        _ = try await fixture.keeper.tick(tripID: trip.id, references: ["sunscreen"], packed: false)
        #expect(try await fixture.keeper.list(tripID: trip.id).entry(key: "sunscreen") == nil)
    }

    /// A re-pack that changes a garment's kind replaces its line (one line per family), and the report says so:
    /// "Short-sleeved tops → Long-sleeved tops ×7 (you had packed the short-sleeved tops)" (issue 35, point 4).
    @Test func aGarmentOfAnotherKindReplacesItsTickedLine() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save([Self.item("Short-sleeved tops", quantity: 7), Self.item("Sunscreen", "Toiletries")], trip: trip)
        _ = try await fixture.keeper.tick(tripID: trip.id, references: ["short-sleeved tops", "sunscreen"], packed: true)
        try await fixture.save([Self.item("Long-sleeved tops", quantity: 7, reason: "Cold days: high of 40°F Thu Dec 4")], trip: trip)
        let list = try await fixture.keeper.list(tripID: trip.id)
        #expect(list.entries.filter { GarmentFamily.of($0.item.name) == .tops }.map(\.item.name) == ["Long-sleeved tops"])
        #expect(list.entry(key: "sunscreen")?.source == .kept, "a ticked item of no garment family is still kept")
        let report = try #require(try await fixture.keeper.report(tripID: trip.id))
        #expect(report.replaced.map { [$0.old.name, $0.new.name] } == [["Short-sleeved tops", "Long-sleeved tops"]])
        #expect(report.replaced.first?.wasPacked == true)
        #expect(report.added.isEmpty && report.removed.map(\.item.name) == ["Sunscreen"])

        // An outer layer of another kind is not a replacement: a coat and a rain shell can both be packed.
        try await fixture.save([Self.item("Long-sleeved tops", quantity: 7), Self.item("Warm coat", "Outerwear")], trip: trip)
        _ = try await fixture.keeper.tick(tripID: trip.id, references: ["warm coat"], packed: true)
        try await fixture.save([Self.item("Long-sleeved tops", quantity: 7), Self.item("Waterproof rain jacket", "Outerwear")], trip: trip)
        let rainy = try await fixture.keeper.list(tripID: trip.id)
        #expect(rainy.entry(key: "warm coat")?.source == .kept)
        #expect(try #require(try await fixture.keeper.report(tripID: trip.id)).replaced.isEmpty)
    }

    @Test func aRemovedItemStaysOffThroughARepackOfTheTrip() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(Self.five, trip: trip)
        _ = try await fixture.keeper.tick(tripID: trip.id, references: ["sun hat"], packed: true)
        let removed = try await fixture.keeper.remove(tripID: trip.id, reference: "sun hat", never: false)
        #expect(removed.item.name == "Sun hat")
        try await fixture.save(Self.five, trip: trip)
        let list = try await fixture.keeper.list(tripID: trip.id)
        #expect(list.entry(key: "sun hat") == nil, "neither back from the engine nor kept as ticked")
        #expect(try await fixture.store.preferences().isEmpty, "without --never nothing is remembered")
    }

    @Test func aListMarkedOutOfDateKeepsItsTicksUntilTheNextPack() async throws {
        let fixture = try Fixture()
        let trip = try await fixture.trip()
        try await fixture.save(Self.five, trip: trip)
        _ = try await fixture.keeper.tick(tripID: trip.id, references: ["socks", "4"], packed: true)
        #expect(try await fixture.store.markPackingListOutOfDate(tripID: trip.id, reason: "the dates changed"))
        let stale = try await fixture.keeper.list(tripID: trip.id)
        #expect(stale.base?.outOfDate == "the dates changed")
        #expect(stale.entries.filter(\.packed).map(\.item.name) == ["Socks", "Rain jacket"])
        try await fixture.save(Self.five, trip: trip)
        let current = try await fixture.keeper.list(tripID: trip.id)
        #expect(current.base?.outOfDate == nil)
        #expect(current.entries.filter(\.packed).map(\.item.name) == ["Socks", "Rain jacket"])
    }

    // MARK: - Preferences on the next trip

    @Test func ownItemsAndChoicesReachTheNextTripWithTheBuiltinEngine() async throws {
        let world = try PlannerWorld()
        let first = try await world.trip("Seattle")
        _ = try await PackPlanner(world.setup(BuiltinPackingModel())).pack(first)
        let keeper = ListKeeper(store: world.store)
        #expect(try await keeper.list(tripID: first.id).entry(key: "compact umbrella") != nil, "Seattle in the rain")
        _ = try await keeper.add(tripID: first.id, name: "CPAP machine", quantity: nil, category: "Health", always: true)
        _ = try await keeper.remove(tripID: first.id, reference: "umbrella", never: true)

        let second = try await world.trip("Seattle")
        let packed = try await PackPlanner(world.setup(BuiltinPackingModel())).pack(second)
        let list = try await keeper.list(tripID: second.id)
        let cpap = try #require(list.entry(key: "cpap machine"))
        #expect(cpap.source == .always && cpap.isOwn && cpap.item.category == "Health")
        #expect(list.entry(key: "compact umbrella") == nil)
        #expect(list.leftOff == ["Compact umbrella"])
        // The engine's list is stored as it was made: the choices are applied on top, not written into it.
        #expect(packed.list.items.contains { $0.name == "Compact umbrella" })
        #expect(!packed.list.items.contains { $0.name == "CPAP machine" })

        // Forgetting applies from the next list; the lists already made keep it.
        _ = try await keeper.forget("cpap")
        let third = try await world.trip("Seattle")
        _ = try await PackPlanner(world.setup(BuiltinPackingModel())).pack(third)
        #expect(try await keeper.list(tripID: third.id).entry(key: "cpap machine") == nil)
        #expect(try await keeper.list(tripID: third.id).entry(key: "compact umbrella") == nil, "never is still in force")
        #expect(try await keeper.list(tripID: second.id).entry(key: "cpap machine") != nil)
        #expect(try await keeper.preferences().map(\.name) == ["Compact umbrella"])
        await #expect(throws: ListError.unknownPreference("cpap", candidates: ["Compact umbrella"])) {
            _ = try await keeper.forget("cpap")
        }
    }

    @Test func ownItemsAndChoicesReachTheNextTripWithAModel() async throws {
        let world = try PlannerWorld()
        let first = try await world.trip("Phoenix")
        let keeper = ListKeeper(store: world.store)
        _ = try await keeper.add(tripID: first.id, name: "CPAP machine", quantity: 1, category: "Health", always: true)
        try await world.store.recordPreferences([NewPreferenceChange("Wallet", choice: .never)], tripID: first.id)
        let second = try await world.trip("Phoenix")
        let place = try #require(second.place)
        let model = ScriptedModel([
            ScriptedModel.call("forecast", ["latitude": .number(place.latitude), "longitude": .number(place.longitude)]),
            .reply(ModelReply(text: PlanningTests.answer.compactText)),
        ])
        let packed = try await PackPlanner(world.setup(model)).pack(second)
        #expect(packed.model == "scripted")
        #expect(packed.list.items.contains { $0.name == "Wallet" }, "the model's answer, as checked")
        let list = try await keeper.list(tripID: second.id)
        #expect(list.entry(key: "cpap machine")?.source == .always)
        #expect(list.entry(key: "wallet") == nil)
        #expect(list.entry(key: "socks") != nil)
        #expect(list.leftOff == ["Wallet"])
    }
}

/// A store, the loopback weather services and the gazetteer, for packs.
final class PlannerWorld {
    let folder = FileManager.default.temporaryDirectory.appending(path: "plan-lists-\(UUID().uuidString)")
    let store: Store
    let services: WeatherServices
    let forecasts: ForecastService
    let gazetteer: Gazetteer?

    init() throws {
        store = try Store(path: folder.appending(path: "plan.sqlite").path)
        services = try WeatherServices()
        let http = HTTPClient(
            store: store, transport: CurlTransport(timeout: 5),
            configuration: HTTPClient.Configuration(userAgent: "plan-tests/1 (tests@example.com)", maxAttempts: 2, baseDelay: 0.01)
        )
        forecasts = ForecastService(http: http, nwsBase: services.url, openMeteoBase: services.url)
        gazetteer = try? Gazetteer(path: Gazetteer.defaultPath())
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    func trip(_ query: String) async throws -> Trip {
        let place = try await #require(gazetteer).resolve(query).place
        let today = CalendarDate(Date())
        return try await store.addTrip(NewTrip(name: query, destination: query, place: place, start: today, end: today.adding(days: 3)))
    }

    func setup(_ model: any LanguageModel) -> PlanningSetup {
        PlanningSetup(store: store, model: model, forecasts: forecasts, gazetteer: gazetteer)
    }
}
