import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 36, read as a traveller: the specialist kits people carry (point 5), rules that know where they
/// apply (point 7) and the electronic travel authorisation beside the passport (point 10).
@Suite struct KitKnowledgeTests {
    typealias Quality = ListQualityTests
    typealias Rules = PackingRulesTests

    static func names(_ list: PackingList) -> [String] { list.items.map(\.name) }

    static func snowDays(_ count: Int, high: Int = 28, low: Int = 15) -> [ForecastDay] {
        (0..<count).map { Rules.day($0, high: high, low: low, chance: 70, summary: "Snow", snow: true) }
    }

    // MARK: - 5. Specialist kits

    struct Kit: Sendable, CustomTestStringConvertible {
        let label: String
        let days: [ForecastDay]
        let activities: [String]
        let present: [String]
        let absent: [String]
        var testDescription: String { label }
    }

    static let downhillOnly = ["Ski goggles", "Helmet (or rent one)", "Lift pass and winter-sports insurance", "Ski jacket and trousers"]
    static let crossCountry = ["Nordic skis, ski boots and poles (or rent them)", "Trail pass for the groomed tracks"]
    static let raceKit = [
        "Race bib and race confirmation", "Energy gels", "Anti-chafe balm", "Race shoes, already worn in", "Water-resistant sunscreen (SPF 30+)",
    ]

    static let kits: [Kit] = [
        Kit(label: "cross-country skiing", days: snowDays(5), activities: ["cross-country skiing"], present: crossCountry, absent: downhillOnly),
        Kit(label: "nordic skiing", days: snowDays(5), activities: ["Nordic skiing"], present: crossCountry, absent: downhillOnly),
        Kit(label: "downhill skiing", days: snowDays(5), activities: ["skiing"], present: downhillOnly, absent: crossCountry),
        Kit(label: "both kinds", days: snowDays(5), activities: ["downhill skiing", "cross-country skiing"],
            present: downhillOnly + crossCountry, absent: []),
        Kit(label: "marathon", days: Quality.days(4, high: 66, low: 44), activities: ["marathon"], present: raceKit, absent: ["Running shoes"]),
        Kit(label: "half marathon", days: Quality.days(3, high: 66, low: 44), activities: ["half marathon"], present: raceKit, absent: ["Running shoes"]),
        Kit(label: "trail race", days: Quality.days(3, high: 66, low: 44), activities: ["trail race"], present: raceKit, absent: ["Running shoes"]),
        Kit(label: "running and a marathon: one pair", days: Quality.days(4, high: 66, low: 44), activities: ["running", "marathon"],
            present: raceKit, absent: ["Running shoes"]),
        Kit(label: "jogging is no race", days: Quality.days(4, high: 66, low: 44), activities: ["jogging"],
            present: ["Running shoes"], absent: raceKit),
        Kit(label: "snorkelling", days: Quality.days(5, high: 86, low: 76), activities: ["snorkelling"],
            present: ["Mask and snorkel", "Fins (or rent them)", "Rash guard", "Reef-safe sunscreen", "Swimsuit", "Water shoes"], absent: []),
        Kit(label: "photography at -20 °C", days: Quality.days(4, high: 5, low: -4, summary: "Clear"), activities: ["photography"],
            present: ["Hand warmers", "Spare camera batteries and charger, kept warm", "Sealable bag for the camera", "Camera and lenses"],
            absent: ["Spare batteries and charger"]),
        Kit(label: "photography in the mild", days: Quality.days(4, high: 60, low: 45), activities: ["photography"],
            present: ["Spare batteries and charger"],
            absent: ["Hand warmers", "Spare camera batteries and charger, kept warm", "Sealable bag for the camera"]),
        Kit(label: "camping, two nights", days: Quality.days(3, high: 70, low: 48), activities: ["camping"], present: ["First-aid kit"], absent: []),
        Kit(label: "camping, a week", days: Quality.days(7, high: 70, low: 48), activities: ["camping"],
            present: ["First-aid kit"], absent: ["Small first-aid kit"]),
        Kit(label: "winter camping", days: snowDays(4, high: 25, low: 5), activities: ["camping"], present: ["First-aid kit", "Tent"], absent: []),
    ]

    @Test(arguments: kits)
    func eachSpecialistKitBringsItsOwn(_ trip: Kit) {
        let list = Quality.list(trip.days, activities: trip.activities)
        let names = Self.names(list)
        for name in trip.present { #expect(names.contains(name), "missing \(name): \(names)") }
        for name in trip.absent { #expect(!names.contains(name), "\(name) should not be there: \(names)") }
    }

    @Test func crossCountryAndRacesAreKitsOfTheirOwn() {
        #expect(ActivityKits.kit(named: "cross-country skiing")?.name == "cross-country skiing")
        #expect(ActivityKits.kit(named: "cross_country skiing")?.name == "cross-country skiing")
        #expect(ActivityKits.kit(named: "downhill")?.name == "skiing")
        for word in ["marathon", "half marathon", "half-marathon", "trail race"] { #expect(ActivityKits.kit(named: word)?.name == "race", "\(word)") }
        #expect(ActivityKits.kit(named: "jogging")?.name == "running")
    }

    /// Cold-weather photography's reasons cite the cold night that brought them.
    @Test func coldPhotographyCitesTheCold() throws {
        let list = Quality.list(Quality.days(4, high: 5, low: -4, summary: "Clear"), activities: ["photography"])
        let batteries = try #require(list.items.first { $0.name == "Spare camera batteries and charger, kept warm" })
        #expect(batteries.reason.hasPrefix("Cold drains batteries fast"), "\(batteries.reason)")
        #expect(batteries.reason.contains("-4") || batteries.reason.contains("−4"), "\(batteries.reason)")
        #expect(batteries.weather)
    }

    struct Rain: Sendable, CustomTestStringConvertible {
        let label: String
        let days: [ForecastDay]
        let activities: [String]
        let umbrella: Bool
        var testDescription: String { label }
    }

    static let showers = Quality.days(4, high: 68, low: 56, chance: 35, summary: "Chance Showers")
    static let tropicalRain = Quality.days(4, high: 88, low: 76, chance: 70, summary: "Showers")
    static let rains: [Rain] = [
        Rain(label: "showers in town", days: showers, activities: ["sightseeing"], umbrella: true),
        Rain(label: "showers, cycling", days: showers, activities: ["cycling"], umbrella: false),
        Rain(label: "showers, kayaking", days: showers, activities: ["kayaking"], umbrella: false),
        Rain(label: "showers, hiking", days: showers, activities: ["hiking"], umbrella: false),
        Rain(label: "showers, sightseeing and cycling", days: showers, activities: ["sightseeing", "cycling"], umbrella: false),
        Rain(label: "tropical rain in town", days: tropicalRain, activities: [], umbrella: true),
        Rain(label: "tropical rain, safari", days: tropicalRain, activities: ["safari"], umbrella: false),
    ]

    /// Active days outdoors meet rain with a shell, never an umbrella; a town's showers keep the umbrella.
    @Test(arguments: rains)
    func activeOutdoorDaysGetARainShellNotAnUmbrella(_ trip: Rain) {
        let list = Quality.list(trip.days, activities: trip.activities)
        let names = Self.names(list)
        #expect(names.contains("Compact umbrella") == trip.umbrella, "\(names)")
        let shell = list.items.first { $0.category == "Outerwear" && $0.name.lowercased().contains("waterproof") }
        if !trip.umbrella {
            #expect(shell != nil, "no rain shell: \(names)")
            #expect(shell?.reason.contains("%") == true, "\(shell?.reason ?? "")")
        }
    }

    /// An unknown word is said once, however it is spelt or repeated, and never becomes an item.
    @Test func anUnknownActivityIsSaidOnce() {
        let list = Quality.list(Quality.days(3, high: 70, low: 55), activities: ["kitesurfing", "Kitesurfing", "kitesurfing", "marathon"])
        let said = list.notices.filter { $0.lowercased().contains("'kitesurfing'") }
        #expect(said.count == 1, "\(list.notices)")
        #expect(!list.items.contains { $0.name.lowercased().contains("kitesurf") })
    }

    // MARK: - 7. Rules know where they apply

    struct SnowTrip: Sendable, CustomTestStringConvertible {
        let label: String
        let activities: [String]
        let glare: Bool
        let shoes: String?
        var testDescription: String { label }
    }

    static let snowTrips: [SnowTrip] = [
        SnowTrip(label: "Chicago conference in snow", activities: ["conference"], glare: false, shoes: "Comfortable walking shoes, broken in"),
        SnowTrip(label: "business meetings in snow", activities: ["business"], glare: false, shoes: "Dress shoes"),
        SnowTrip(label: "conference and sightseeing in snow", activities: ["conference", "sightseeing"], glare: true,
                 shoes: "Comfortable walking shoes, broken in"),
        SnowTrip(label: "a holiday in snow", activities: [], glare: true, shoes: nil),
        SnowTrip(label: "snowshoeing", activities: ["snowshoeing"], glare: true, shoes: nil),
    ]

    /// Snow glare is for days outdoors; a work trip in snow keeps its shoes and adds boots for the street.
    @Test(arguments: snowTrips)
    func snowRulesKnowWhereTheyApply(_ trip: SnowTrip) {
        let list = Quality.list(Self.snowDays(4), activities: trip.activities)
        let names = Self.names(list)
        #expect(names.contains("Sunglasses") == trip.glare, "\(names)")
        #expect(names.contains("Sunscreen (SPF 30+)") == trip.glare, "\(names)")
        #expect(names.contains { $0.hasPrefix("Insulated waterproof") && $0.hasSuffix("boots") }, "no boots: \(names)")
        if let shoes = trip.shoes { #expect(names.contains(shoes), "the work shoes went: \(names)") }
    }

    // MARK: - 10. Entry

    static func abroad(from home: String, to country: String, latitude: Double = 40) -> PackingList {
        var context = PackingContext(start: Quality.start, end: Quality.start.adding(days: 4), activities: [],
                                     days: Quality.days(5, high: 60, low: 45), missingDays: [], latitude: latitude, country: country)
        context.traveller = Traveller(home: home)
        return PackingRules.list(for: context)
    }

    struct Entry: Sendable, CustomTestStringConvertible {
        let home: String
        let destination: String
        let item: String?
        let word: String
        var testDescription: String { "\(home) → \(destination)" }
    }

    static let entries: [Entry] = [
        Entry(home: "DE", destination: "US", item: "ESTA (US travel authorisation)", word: "an ESTA"),
        Entry(home: "GB", destination: "US", item: "ESTA (US travel authorisation)", word: "an ESTA"),
        Entry(home: "CA", destination: "US", item: nil, word: ""),
        Entry(home: "DE", destination: "CA", item: "eTA (Canada travel authorisation)", word: "an eTA"),
        Entry(home: "US", destination: "CA", item: nil, word: ""),
        Entry(home: "US", destination: "GB", item: "ETA (UK travel authorisation)", word: "an ETA"),
        Entry(home: "DE", destination: "GB", item: "ETA (UK travel authorisation)", word: "an ETA"),
        Entry(home: "IE", destination: "GB", item: nil, word: ""),
        Entry(home: "US", destination: "AU", item: "ETA or eVisitor (Australia)", word: "an ETA, an eVisitor"),
        Entry(home: "NZ", destination: "AU", item: nil, word: ""),
        Entry(home: "GB", destination: "NZ", item: "NZeTA (New Zealand travel authority)", word: "an NZeTA"),
        Entry(home: "AU", destination: "NZ", item: nil, word: ""),
        Entry(home: "US", destination: "KR", item: "K-ETA (South Korea travel authorisation)", word: "a K-ETA"),
        Entry(home: "DE", destination: "MA", item: nil, word: ""),
        Entry(home: "US", destination: "FR", item: nil, word: ""),
        Entry(home: "DE", destination: "FR", item: nil, word: ""),
        Entry(home: "US", destination: "US", item: nil, word: ""),
    ]

    /// Beside the passport, a reminder to check the destination's authorisation, worded as a check.
    @Test(arguments: entries)
    func theTravelAuthorisationStandsBesideThePassport(_ trip: Entry) throws {
        let list = Self.abroad(from: trip.home, to: trip.destination)
        let names = Self.names(list)
        let known = Set(TravelAuthorisation.all.map(\.itemName))
        guard let name = trip.item else {
            #expect(names.allSatisfy { !known.contains($0) }, "\(names)")
            return
        }
        let index = try #require(names.firstIndex(of: name), "\(names)")
        #expect(index > 0 && names[index - 1].hasPrefix("Passport"), "\(names)")
        let item = list.items[index]
        #expect(item.category == "Documents & money")
        #expect(item.reason.hasPrefix("Check whether you need \(trip.word)"), "\(item.reason)")
        for verdict in ["you do not need", "you don't need", "no visa", "required", "you must"] {
            #expect(!item.reason.lowercased().contains(verdict), "\(item.reason)")
        }
    }

    /// The table is data a reader can check: each row's official site, the date checked, no ETIAS yet.
    @Test func theAuthorisationTableIsCheckable() {
        #expect(TravelAuthorisation.checked == "2026-12-01")
        #expect(Set(TravelAuthorisation.all.map(\.destination)) == ["US", "CA", "GB", "AU", "NZ", "KR"])
        for row in TravelAuthorisation.all {
            #expect(row.exempt.contains(row.destination), "\(row.destination)")
            #expect(row.site.contains("."), "\(row.site)")
        }
        #expect(TravelAuthorisation.reminder(home: "de", destination: "us")?.destination == "US")
    }

    /// Every reminder fits a packing answer's reason (at most 100 characters): a longer one made the built-in
    /// engine's answer fail its own schema, and every trip to the US from abroad said the answer was set aside.
    @Test func everyReminderFitsAnAnswersReason() throws {
        for row in TravelAuthorisation.all {
            #expect((1...100).contains(row.reason.count), "\(row.reason.count): \(row.reason)")
        }
        let list = Self.abroad(from: "DE", to: "US")
        let item = try #require(list.items.first { $0.name == "ESTA (US travel authorisation)" })
        #expect(item.reason.count <= 100, "\(item.reason)")
    }
}
