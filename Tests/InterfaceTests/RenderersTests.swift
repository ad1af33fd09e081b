import Foundation
import Interface
import LanguageModels
import Model
import Planner
import Rendering
import Store
import Testing

/// The renderers' JSON (the `--json` contract) and text, tested without running the binary.
@Suite struct RenderersTests {
    static let denver = Place(
        name: "Denver", region: "CO", country: "US", latitude: 39.7392, longitude: -104.9847,
        timeZone: "America/Denver", source: "gazetteer"
    )

    static func trip(legs: [TripLeg]? = nil) throws -> Trip {
        let start = try #require(CalendarDate("2026-12-03")), end = try #require(CalendarDate("2026-12-06"))
        return Trip(
            id: 7, name: "Denver, CO", destination: "Denver", place: denver, start: start, end: end,
            activities: ["hiking"], createdAt: Date(timeIntervalSince1970: 1_764_597_909), legs: legs
        )
    }

    static let list = PackingList(
        items: [
            PackingItem(category: "Clothing", name: "Wool socks", quantity: 3, reason: "Low of 12°F Thu Dec 3", weather: true, origin: .model),
            PackingItem(category: "Clothing", name: "Rain shell", reason: "80% rain Fri Dec 4", weather: true, origin: .rules),
            PackingItem(category: "Toiletries", name: "Sunscreen", reason: "UV 6 at altitude", origin: .merged),
        ],
        notices: ["No forecast yet for Sun Dec 6"]
    )

    // MARK: - Trips

    @Test func aTripsJSONHasTheContractsKeysWithItsPlaceAndOneLeg() throws {
        let json = TripPrinter.json(try Self.trip(), packed: true)
        let keys = Set(json.objectValue?.keys.map { $0 } ?? [])
        #expect(keys == ["id", "name", "destination", "start", "end", "nights", "activities", "packed", "created", "place", "legs", "places", "party"])
        #expect(json["party"] == ["adults": 1, "children": []])
        #expect(json["legs"]?.arrayValue?.first?["activities"] == ["hiking"])
        #expect(json["id"] == 7)
        #expect(json["nights"] == 3)
        #expect(json["start"] == "2026-12-03")
        #expect(json["packed"] == true)
        #expect(json["created"] == "2025-12-01T14:05:09Z")
        #expect(json["place"]?["timeZone"] == "America/Denver")
        #expect(json["place"]?["latitude"]?.doubleValue == 39.7392)
        #expect(json["legs"]?.arrayValue?.count == 1)
        #expect(json["legs"]?.arrayValue?.first?["position"] == 1)
    }

    @Test func aTripOfTwoStopsListsEachLegWithItsOwnDates() throws {
        let boulder = Place(name: "Boulder", region: "CO", country: "US", latitude: 40.01, longitude: -105.27, timeZone: "America/Denver", source: "gazetteer")
        let legs = [
            TripLeg(position: 1, destination: "Denver", place: Self.denver, start: try #require(CalendarDate("2026-12-03")), end: try #require(CalendarDate("2026-12-05"))),
            TripLeg(position: 2, destination: "Boulder", place: boulder, start: try #require(CalendarDate("2026-12-05")), end: try #require(CalendarDate("2026-12-06"))),
        ]
        let json = TripPrinter.json(try Self.trip(legs: legs), packed: false)
        let stops = try #require(json["legs"]?.arrayValue)
        #expect(stops.map { $0["destination"]?.stringValue } == ["Denver", "Boulder"])
        #expect(stops.map { $0["nights"]?.intValue } == [2, 1])
        #expect(stops[1]["start"] == "2026-12-05")
    }

    @Test func theHeadlineNamesTheDatesAndNights() throws {
        #expect(TripPrinter.headline(try Self.trip()) == "Denver, CO (Thu Dec 3 → Sun Dec 6 2026, 3 nights)")
        var family = try Self.trip()
        family.party = TripParty(adults: 2, children: [5, 1])
        #expect(TripPrinter.headline(family) == "Denver, CO (Thu Dec 3 → Sun Dec 6 2026, 3 nights) · 2 adults, 2 children (5, 1)")
        // Issue 32: a trip across years says both (and year 1 or 9999 is never printed as this year's).
        let start = try #require(CalendarDate("9998-12-31")), end = try #require(CalendarDate("9999-01-02"))
        let across = Trip(id: 8, name: "Far", destination: "Denver", place: Self.denver, start: start, end: end, activities: [],
                          createdAt: Date(timeIntervalSince1970: 0))
        #expect(TripPrinter.dates(across) == "Thu Dec 31 9998 → Sat Jan 2 9999, 2 nights")
        let first = try #require(CalendarDate("0001-01-01")), third = try #require(CalendarDate("0001-01-03"))
        let early = Trip(id: 9, name: "Early", destination: "Denver", place: Self.denver, start: first, end: third, activities: [],
                         createdAt: Date(timeIntervalSince1970: 0))
        #expect(TripPrinter.dates(early) == "Mon Jan 1 1 → Wed Jan 3 1, 2 nights")
    }

    // MARK: - Packing lists

    @Test func aPackingListsJSONCarriesEachItemsOriginAndNoReviewWhenNoneWasMade() {
        let json = PackingPrinter.json(Self.list)
        let items = json["items"]?.arrayValue ?? []
        #expect(items.map { $0["name"]?.stringValue } == ["Wool socks", "Rain shell", "Sunscreen"])
        #expect(items.map { $0["origin"]?.stringValue } == ["model", "rules", "merged"])
        #expect(items.first?["quantity"] == 3)
        #expect(items.first?["weather"] == true)
        #expect(json["notices"] == ["No forecast yet for Sun Dec 6"])
        #expect(json["review"] == .null)
        #expect(json["fallback"] == .null)
        #expect(PackingAnswer.problems(in: PackingInstructions.json(Self.list)).isEmpty, "the contract's part fits the answer schema")
    }

    @Test func theTextGroupsByCategoryAlignsNamesAndEndsWithTheNotes() {
        let lines = PackingPrinter.lines(Self.list, console: PlainText())
        #expect(lines.first == "Clothing")
        #expect(lines.contains("Toiletries"))
        let socks = lines.first { $0.contains("Wool socks ×3") } ?? ""
        let shell = lines.first { $0.contains("Rain shell") } ?? ""
        #expect(socks.range(of: "Low of")?.lowerBound.utf16Offset(in: socks) == shell.range(of: "80% rain")?.lowerBound.utf16Offset(in: shell))
        #expect(lines.last == "Note: No forecast yet for Sun Dec 6")
    }

    /// `show`'s list pads each name by characters (by hand, not Foundation's `padding(toLength:)`, which counts
    /// UTF-16 units and cut the longest name when it held a character beyond the BMP). Issue 34.
    @Test func showsListKeepsEveryNameWholeAndTheReasonsInOneColumn() {
        let items = [
            PackingItem(category: "Gear", name: "Sun hat 🧢", reason: "UV 6 at altitude", origin: .rules),
            PackingItem(category: "Gear", name: "Tent", reason: "Camping", origin: .rules),
        ]
        let entries = items.enumerated().map { index, item in
            TravellerList.Entry(number: index + 1, item: item, packed: index == 1, source: .engine, key: item.name)
        }
        let lines = ListPrinter.items(TravellerList(base: nil, entries: entries), console: PlainText())
        let hat = lines.first { $0.contains("UV 6") } ?? ""
        let tent = lines.first { $0.contains("Camping") } ?? ""
        #expect(hat.contains("Sun hat 🧢  UV 6"), "the name whole, then two spaces: \(hat)")
        #expect(tent.contains("[x] Tent       Camping"), "padded to the longest name's characters: \(tent)")
        #expect(hat.firstRange(of: "UV 6")?.lowerBound.utf16Offset(in: hat).advanced(by: -1)
                == tent.firstRange(of: "Camping")?.lowerBound.utf16Offset(in: tent), "the emoji is two UTF-16 units, one column")
    }

    /// Issue 41: a name longer than the column (34 characters) put its reason out of line and pushed the
    /// column; it now has the reason under it, in the column, and the others stay aligned.
    @Test func aLongNameKeepsTheReasonsColumnAligned() {
        let items = [
            PackingItem(category: "Gear", name: "Tent", reason: "Camping", origin: .rules),
            PackingItem(category: "Gear", name: "An own item with a very long name indeed, longer", reason: "your own item", origin: .rules),
            PackingItem(category: "Gear", name: "Stove", reason: "Cooking", origin: .rules),
        ]
        let entries = items.enumerated().map { index, item in
            TravellerList.Entry(number: index + 1, item: item, packed: false, source: .engine, key: item.name)
        }
        let lines = ListPrinter.items(TravellerList(base: nil, entries: entries), console: PlainText())
        let column = { (text: String) -> Int? in
            lines.first { $0.contains(text) }.flatMap { $0.firstRange(of: text)?.lowerBound.utf16Offset(in: $0) }
        }
        #expect(column("Camping") != nil && column("Camping") == column("Cooking") && column("Camping") == column("your own item"),
                "\(lines)")
        #expect(lines.contains { $0.hasSuffix("An own item with a very long name indeed, longer") }, "the long name whole, alone: \(lines)")
        let tent = lines.first { $0.contains("Camping") } ?? ""
        #expect(tent.contains("Tent" + String(repeating: " ", count: 32) + "Camping"), "the column is 34 wide: \(tent)")
    }

    @Test func stylesReachTheTextOnlyThroughTheStyler() {
        struct Brackets: TextStyling {
            var isUTF8: Bool { true }
            func paint(_ text: String, sgr code: String) -> String { "<\(code)>\(text)</>" }
        }
        let lines = PackingPrinter.lines(Self.list, console: Brackets())
        #expect(lines.first == "<36>Clothing</>")
        #expect(lines.contains { $0.contains("<33>Low of 12°F Thu Dec 3</>") }, "a weather reason is a warning")
        #expect(lines.contains { $0.contains("<2>UV 6 at altitude</>") }, "another reason is dim")
        #expect(PackingPrinter.lines(Self.list, console: PlainText()).allSatisfy { !$0.contains("<") })
    }

    // MARK: - Instants

    @Test(arguments: [
        (0.0, "1970-01-01T00:00:00Z"), (1_764_597_909, "2025-12-01T14:05:09Z"), (951_782_400, "2000-02-29T00:00:00Z"),
    ])
    func instantsAreISO8601InUTC(seconds: Double, text: String) {
        #expect(Timestamp.iso8601(Date(timeIntervalSince1970: seconds)) == text)
    }
}

/// `history search`'s matches: in bold where the terminal styles text, in their brackets where it does not.
@Suite struct HistorySearchLinesTests {
    struct Tags: TextStyling {
        var isUTF8: Bool { true }
        func paint(_ text: String, sgr code: String) -> String { code == "1" ? "<b>\(text)</b>" : text }
    }

    @Test func matchesAreBoldOrBracketed() {
        #expect(HistoryPrinter.highlighted("snow in [Denver] and [Aspen]", styling: Tags()) == "snow in <b>Denver</b> and <b>Aspen</b>")
        #expect(HistoryPrinter.highlighted("an open [bracket", styling: Tags()) == "an open [bracket")
        #expect(HistoryPrinter.highlighted("no match", styling: Tags()) == "no match")
    }
}
