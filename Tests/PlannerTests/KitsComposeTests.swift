import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 43, point 3: kits that compose. Trips nobody tuned for, read as the traveller reads the list: what
/// each water activity wears in the sea it gets, every activity's distinctive item kept beside another's,
/// snow boots over hiking boots where there is snow.
@Suite struct KitsComposeTests {
    static let start = CalendarDate(year: 2027, month: 3, day: 14) ?? CalendarDate(dayNumber: 0)

    /// Five days by the sea (Cozumel-like, 20°N), the sea at `celsius`, highs of `high` °F.
    static func seaList(_ activities: [String], sea celsius: Double, high: Int = 84) -> PackingList {
        let days = (0..<5).map { ForecastDay(date: start.adding(days: $0), high: high, low: high - 10, precipitationChance: 10, summary: "Sunny") }
        var context = PackingContext(start: start, end: start.adding(days: 4), activities: activities, days: days, missingDays: [],
                                     latitude: 20.4, country: "MX")
        context.placeName = "Cozumel"
        context.traveller = Traveller(home: "GB")
        context.sea = SeaTemperature(celsius: celsius, from: start, to: start.adding(days: 4), isLastYear: false)
        return PackingRules.list(for: context)
    }

    /// What the traveller reads for the water: every suit line, and a rash guard said to be warm enough.
    static func waterWear(_ list: PackingList) -> [String] {
        list.items.filter { item in
            let name = item.name.lowercased()
            return name.contains("wetsuit") || name.contains("drysuit") || item.reason.contains("warm enough without a wetsuit")
        }.map { $0.reason.contains("warm enough") ? "warm enough" : $0.name }
    }

    struct SeaCase: CustomTestStringConvertible, Sendable {
        let activities: [String]
        let celsius: Double
        let high: Int
        let reads: [String]
        var testDescription: String { "\(activities.joined(separator: "+")) in a \(celsius)°C sea" }
    }

    static let seaCases: [SeaCase] = [
        // Five days of diving in a 24 °C sea: divers wear 3–5 mm, not "a rash guard is warm enough".
        SeaCase(activities: ["diving"], celsius: 24, high: 84, reads: ["Full wetsuit, 3–5 mm (or rent one)"]),
        SeaCase(activities: ["diving"], celsius: 27.5, high: 88, reads: ["Wetsuit, 3 mm (or rent one)"]),
        SeaCase(activities: ["diving"], celsius: 29.5, high: 90, reads: ["warm enough"]),
        SeaCase(activities: ["diving"], celsius: 12, high: 60, reads: ["Wetsuit 7 mm with hood, gloves and boots, or a drysuit (or rent them)"]),
        // Floating at the surface for an hour in 24 °C: a shorty; a surfer paddling in the same sea needs none.
        SeaCase(activities: ["snorkelling"], celsius: 24, high: 84, reads: ["Shorty wetsuit, 2 mm (or rent one)"]),
        SeaCase(activities: ["surfing"], celsius: 24, high: 84, reads: ["warm enough"]),
        // A dive trip that also snorkels: one suit, the diver's, and no "warm enough" beside it.
        SeaCase(activities: ["diving", "snorkelling"], celsius: 24, high: 84, reads: ["Full wetsuit, 3–5 mm (or rent one)"]),
        // A surfer and a diver in an 18 °C sea: a suit each, of their own kind.
        SeaCase(activities: ["surfing", "diving"], celsius: 18.5, high: 68,
                reads: ["Full wetsuit, 5–7 mm, and a hood (or rent them)", "Wetsuit, 2–3 mm spring or full suit (or rent one)"]),
        // A kayak on a 17 °C sea under 55 °F days: air and water under 120 °F, a capsize is cold.
        SeaCase(activities: ["kayaking"], celsius: 17, high: 55, reads: ["Wetsuit or drysuit (or rent one)"]),
        SeaCase(activities: ["kayaking"], celsius: 17, high: 75, reads: []),
        // A swim in 24 °C: nothing to pack.
        SeaCase(activities: ["swimming"], celsius: 24, high: 84, reads: []),
    ]

    @Test(arguments: seaCases)
    func eachWaterActivityWearsWhatItsOwnSeaCallsFor(_ trip: SeaCase) {
        let list = Self.seaList(trip.activities, sea: trip.celsius, high: trip.high)
        #expect(Self.waterWear(list).sorted() == trip.reads.sorted(), "\(list.items.map(\.name))")
        for item in list.items where item.name.lowercased().contains("wetsuit") {
            #expect(item.reason.hasPrefix("Sea about ") && item.reason.count <= 100, "\(item.reason)")
            #expect(item.category == "Activity gear", "\(item.name) under \(item.category)")
        }
    }

    /// A family of four diving and snorkelling: a suit, a mask and snorkel each; one bottle of anti-fog drops.
    @Test func aFamilyOfDiversGetsASuitEachAndSharesTheAntiFog() throws {
        var context = PackingContext(start: Self.start, end: Self.start.adding(days: 4), activities: ["diving", "snorkelling"],
                                     days: (0..<5).map { ForecastDay(date: Self.start.adding(days: $0), high: 84, low: 74, precipitationChance: 10, summary: "Sunny") },
                                     missingDays: [], latitude: 20.4, country: "MX")
        context.party = TripParty(adults: 2, children: [12, 14])
        context.sea = SeaTemperature(celsius: 25, from: Self.start, to: Self.start.adding(days: 4), isLastYear: false)
        let list = PackingRules.list(for: context)
        let suit = try #require(list.items.first { $0.name.contains("wetsuit") })
        #expect(suit.quantity == 4, "\(suit)")
        #expect(list.items.first { $0.name == "Mask and snorkel" }?.quantity == 4)
        let drops = try #require(list.items.first { $0.name == "Anti-fog drops for the mask" })
        #expect(drops.quantity == nil && !drops.reason.contains("each"), "one bottle: \(drops)")
    }

    // MARK: - Every kit's distinctive items kept

    static let mild = (0..<5).map { ForecastDay(date: start.adding(days: $0), high: 66, low: 50, precipitationChance: 10, summary: "Sunny") }

    static func list(_ activities: [String], days: [ForecastDay] = mild, missing: [CalendarDate] = []) -> PackingList {
        let end = start.adding(days: max(days.count, missing.count) - 1)
        return PackingRules.list(for: PackingContext(start: start, end: end, activities: activities, days: days, missingDays: missing,
                                                     latitude: 46, country: "US"))
    }

    struct KeptCase: CustomTestStringConvertible, Sendable {
        let activities: [String]
        let present: [String]
        let absent: [String]
        var testDescription: String { activities.joined(separator: " + ") }
    }

    static let keptCases: [KeptCase] = [
        // A diver who snorkels keeps the snorkel (and the fins): one mask does both.
        KeptCase(activities: ["diving", "snorkelling"], present: ["Mask and snorkel", "Fins (or rent them)", "Dive certification card and logbook"],
                 absent: ["Dive mask"]),
        KeptCase(activities: ["diving"], present: ["Dive mask", "Wetsuit for diving (or rent one)"], absent: ["Mask and snorkel"]),
        // A hike and a city: boots for the trails, walking shoes for the streets.
        KeptCase(activities: ["hiking", "sightseeing"], present: ["Hiking boots", "Comfortable walking shoes, broken in", "Daypack"], absent: []),
        KeptCase(activities: ["hiking", "temples"], present: ["Hiking boots", "Comfortable slip-on walking shoes"], absent: []),
    ]

    @Test(arguments: keptCases)
    func everyKitKeepsItsDistinctiveItems(_ trip: KeptCase) {
        let names = Set(Self.list(trip.activities).items.map(\.name))
        for name in trip.present { #expect(names.contains(name), "\(name) missing: \(names.sorted())") }
        for name in trip.absent { #expect(!names.contains(name), "\(name) should not be there") }
    }

    // MARK: - Snow trumps hiking

    struct BootsCase: CustomTestStringConvertible, Sendable {
        let label: String
        let activities: [String]
        let days: [ForecastDay]
        let missing: [CalendarDate]
        let boots: [String]
        var testDescription: String { label }
    }

    static let frozen = (0..<5).map { ForecastDay(date: start.adding(days: $0), high: 20, low: 4, precipitationChance: 10, summary: "Sunny") }
    static let snowing = (0..<5).map { ForecastDay(date: start.adding(days: $0), high: 28, low: 12, precipitationChance: 80, hasSnow: true, summary: "Snow") }
    static let weeksOut = (0..<5).map { start.adding(days: $0) }

    static let bootsCases: [BootsCase] = [
        BootsCase(label: "ski and hike in a dry freeze", activities: ["skiing", "hiking"], days: frozen, missing: [], boots: ["Insulated waterproof boots"]),
        BootsCase(label: "ski and hike in falling snow", activities: ["skiing", "hiking"], days: snowing, missing: [], boots: ["Insulated waterproof boots"]),
        BootsCase(label: "ski and hike weeks out", activities: ["skiing", "hiking"], days: [], missing: weeksOut, boots: ["Insulated waterproof boots"]),
        BootsCase(label: "snowshoe and hike", activities: ["snowshoeing", "hiking"], days: frozen, missing: [], boots: ["Insulated waterproof boots"]),
        BootsCase(label: "a hike in a hard freeze", activities: ["hiking"], days: frozen, missing: [], boots: ["Insulated waterproof hiking boots"]),
        BootsCase(label: "a hike in mild weather", activities: ["hiking"], days: mild, missing: [], boots: ["Hiking boots"]),
    ]

    @Test(arguments: bootsCases)
    func snowTrumpsHikingForFootwear(_ trip: BootsCase) {
        let list = Self.list(trip.activities, days: trip.days, missing: trip.missing)
        let boots = list.items.filter { GarmentFamily.of($0.name) == .boots }.map(\.name)
        #expect(boots == trip.boots, "\(list.items.filter { $0.category == "Footwear" }.map(\.name))")
        if trip.activities.contains("skiing") {
            #expect(list.items.first { $0.name == "Insulated waterproof boots" }?.reason.contains("trails") == true)
        }
    }
}
