import Foundation
import Testing
@testable import Planner
import Store
import Tools

@Suite struct PackingRulesTests {
    static let start = CalendarDate(year: 2026, month: 12, day: 3) ?? CalendarDate(dayNumber: 0)

    static func day(_ offset: Int, high: Int, low: Int, chance: Int? = nil, summary: String, snow: Bool = false,
                    wind: Int? = nil, gust: Int? = nil, uv: Double? = nil) -> ForecastDay {
        ForecastDay(date: start.adding(days: offset), high: high, low: low, precipitationChance: chance, hasSnow: snow,
                    wind: wind, gust: gust, uvIndex: uv, summary: summary)
    }

    static func context(_ days: [ForecastDay], nights: Int = 3, activities: [String] = [], country: String = "US",
                        missing: [CalendarDate] = []) -> PackingContext {
        PackingContext(start: start, end: start.adding(days: nights), activities: activities, days: days,
                       missingDays: missing, latitude: 40, country: country)
    }

    static let snowy = [day(0, high: 34, low: 18, chance: 30, summary: "Partly Sunny"),
                        day(1, high: 30, low: 12, chance: 90, summary: "Heavy Snow", snow: true, gust: 40),
                        day(2, high: 28, low: 10, chance: 80, summary: "Snow Showers Likely", snow: true),
                        day(3, high: 33, low: 15, chance: 10, summary: "Sunny")]
    static let rainy = (0..<4).map { day($0, high: 50, low: 42, chance: [60, 90, 70, 20][$0], summary: "Rain") }
    static let hot = (0..<4).map { day($0, high: 104 + $0 * 2, low: 84, chance: nil, summary: "Sunny") }
    static let mild = (0..<4).map { day($0, high: 70, low: 57, chance: 10, summary: "Mostly Sunny") }
    static let windy = (0..<4).map { day($0, high: 45, low: 33, chance: 20, summary: "Breezy", wind: 30, gust: 45) }

    func names(_ list: PackingList) -> Set<String> { Set(list.items.map(\.name)) }

    @Test func snowGetsBootsCoatAndLayersNamingTheDay() throws {
        let list = PackingRules.list(for: Self.context(Self.snowy))
        let names = names(list)
        for expected in ["Insulated waterproof boots", "Insulated winter coat", "Thermal base layers", "Warm hat and gloves",
                         "Wool socks", "Windproof shell"] {
            #expect(names.contains(expected), "missing \(expected)")
        }
        #expect(!names.contains("Shorts"))
        #expect(!names.contains("Sunscreen (SPF 30+)"))
        let boots = try #require(list.items.first { $0.name == "Insulated waterproof boots" })
        #expect(boots.weather)
        #expect(boots.reason.contains("Heavy Snow (90%) Fri Dec 4"))
        let coat = try #require(list.items.first { $0.name == "Insulated winter coat" })
        #expect(coat.reason == "Low of 10°F Sat Dec 5")
    }

    @Test func rainGetsJacketUmbrellaAndShoes() throws {
        let list = PackingRules.list(for: Self.context(Self.rainy))
        let umbrella = try #require(list.items.first { $0.name == "Compact umbrella" })
        #expect(umbrella.reason == "90% chance of rain Fri Dec 4")
        #expect(names(list).isSuperset(of: ["Waterproof rain jacket", "Waterproof shoes"]))
        #expect(!names(list).contains("Insulated waterproof boots"))
    }

    @Test func heatGetsSunProtectionAndNoWinterGear() throws {
        let list = PackingRules.list(for: Self.context(Self.hot))
        #expect(names(list).isSuperset(of: ["Shorts", "Sunscreen (SPF 30+)", "Sunglasses", "Sun hat", "Reusable water bottle"]))
        for absurd in ["Insulated winter coat", "Warm coat", "Warm hat and gloves", "Compact umbrella", "Thermal base layers"] {
            #expect(!names(list).contains(absurd), "\(absurd) in Phoenix heat")
        }
        #expect(list.items.first { $0.name == "Shorts" }?.reason == "High of 110°F Sun Dec 6")
    }

    @Test func mildWeatherStaysLight() {
        let list = PackingRules.list(for: Self.context(Self.mild))
        #expect(!names(list).contains("Warm coat"))
        #expect(!names(list).contains("Compact umbrella"))
        #expect(!names(list).contains("Waterproof rain jacket"))
        #expect(names(list).contains("Short-sleeved tops"))
    }

    @Test func windGetsAShell() throws {
        let list = PackingRules.list(for: Self.context(Self.windy))
        let shell = try #require(list.items.first { $0.name == "Windproof shell" })
        #expect(shell.reason == "Gusts to 45 mph Thu Dec 3")
        #expect(shell.weather)
    }

    @Test func everyWeatherItemNamesADay() {
        for days in [Self.snowy, Self.rainy, Self.hot, Self.mild, Self.windy] {
            let list = PackingRules.list(for: Self.context(days))
            for item in list.items where item.weather {
                #expect(["Thu", "Fri", "Sat", "Sun"].contains { item.reason.contains($0) }, "\(item.name): \(item.reason)")
            }
        }
    }

    @Test func aWeekPacksMoreThanANightAndLongTripsCapForLaundry() throws {
        func quantity(_ name: String, nights: Int) -> Int? {
            PackingRules.list(for: Self.context(Self.mild, nights: nights)).items.first { $0.name == name }?.quantity
        }
        #expect(try #require(quantity("Underwear", nights: 1)) == 3)
        #expect(try #require(quantity("Underwear", nights: 6)) == 8)
        #expect(try #require(quantity("Underwear", nights: 20)) == 8)
        #expect(try #require(quantity("Tops", nights: 1)) < (try #require(quantity("Tops", nights: 6))))
        let long = PackingRules.list(for: Self.context(Self.mild, nights: 20))
        #expect(long.notices.contains { $0.contains("laundry") })
    }

    @Test(arguments: [("hiking", "Hiking boots"), ("beach", "Swimsuit"), ("business", "Business outfits"),
                      ("ski", "Goggles"), ("running", "Running shoes"), ("camping", "Headlamp"),
                      ("birdwatching", "Gear for birdwatching")])
    func activitiesAddTheirGear(_ activity: String, _ item: String) {
        let list = PackingRules.list(for: Self.context(Self.mild, activities: [activity]))
        #expect(names(list).contains(item))
    }

    @Test func everyRulesListFitsTheAnswerSchemaModelsAreHeldTo() {
        let activities = ["hiking", "beach", "business", "ski", "running", "camping", "birdwatching", "chess", "opera"]
        for days in [Self.snowy, Self.rainy, Self.hot, Self.mild, Self.windy, []] {
            for nights in [0, 3, 30] {
                let list = PackingRules.list(for: Self.context(days, nights: nights, activities: activities, country: "FR",
                                                               missing: days.isEmpty ? [Self.start] : []))
                let problems = JSONSchemaValidator.problems(PackingInstructions.json(list), against: PackingInstructions.schema)
                #expect(problems.isEmpty, "\(problems)")
            }
        }
    }

    @Test func essentialsAreAlwaysThereAndAbroadMeansPassport() {
        let home = names(PackingRules.list(for: Self.context(Self.mild)))
        #expect(home.isSuperset(of: ["ID or driver's licence", "Phone and charger", "Toothbrush and toothpaste", "Medications"]))
        let abroad = names(PackingRules.list(for: Self.context(Self.mild, country: "FR")))
        #expect(abroad.isSuperset(of: ["Passport", "Plug adapter"]))
    }

    @Test func beyondTheHorizonGivesASeasonalListAndANotice() {
        let missing = (0...3).map { Self.start.adding(days: $0) }
        let list = PackingRules.list(for: Self.context([], missing: missing))
        #expect(list.items.filter(\.weather).isEmpty)
        #expect(names(list).contains("Warm sweaters or fleeces"))  // December at 40°N
        #expect(!names(list).contains("Shorts"))
        #expect(list.notices.first?.contains("No forecast or climate for Thu Dec 3 to Sun Dec 6") == true)
    }

    @Test func aPartlyCoveredTripSaysWhichDaysLackAForecast() {
        let missing = [Self.start.adding(days: 3)]
        let list = PackingRules.list(for: Self.context(Array(Self.rainy.prefix(3)), missing: missing))
        #expect(list.notices.contains { $0.contains("No forecast or climate for Sun Dec 6") })
        #expect(names(list).contains("Compact umbrella"))
    }
}
