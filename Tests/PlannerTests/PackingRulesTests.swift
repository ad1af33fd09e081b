import Foundation
import JSON
@testable import LanguageModels
import Model
@testable import Planner
import Store
import Testing
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
        for expected in ["Insulated waterproof boots", "Insulated waterproof winter coat", "Thermal base layers (top and bottom)",
                         "Warm hat", "Insulated waterproof gloves", "Wool socks"] {
            #expect(names.contains(expected), "missing \(expected)")
        }
        // One outer layer, one glove item, one sock kind: nothing stacked.
        for stacked in ["Shorts", "Windproof shell", "Warm coat", "Socks", "Waterproof gloves", "Compact umbrella"] {
            #expect(!names.contains(stacked), "\(stacked) stacked on the winter system")
        }
        // Snow glare: sunglasses and sunscreen, citing the snowy day.
        #expect(list.items.first { $0.name == "Sunglasses" }?.reason.hasPrefix("Snow glare") == true)
        let boots = try #require(list.items.first { $0.name == "Insulated waterproof boots" })
        #expect(boots.weather)
        #expect(boots.reason.contains("heavy snow (90%) Fri Dec 4"))
        let coat = try #require(list.items.first { $0.name == "Insulated waterproof winter coat" })
        #expect(coat.reason == "Freezing: low of 10°F Sat Dec 5")
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
        for absurd in ["Insulated winter coat", "Warm coat", "Warm hat", "Compact umbrella", "Thermal base layers (top and bottom)"] {
            #expect(!names(list).contains(absurd), "\(absurd) in Phoenix heat")
        }
        #expect(list.items.first { $0.name == "Shorts" }?.reason == "Warm days: high of 110°F Sun Dec 6")
        #expect(!names(list).contains("Tops"), "plain tops beside the breathable ones")
    }

    @Test func mildWeatherStaysLight() {
        let list = PackingRules.list(for: Self.context(Self.mild))
        #expect(!names(list).contains("Warm coat"))
        #expect(!names(list).contains("Compact umbrella"))
        #expect(!names(list).contains("Waterproof rain jacket"))
        #expect(names(list).contains("Short-sleeved tops"))
    }

    @Test func windGetsAShellUnlessTheCoatAlreadyStopsIt() throws {
        let breezy = (0..<4).map { Self.day($0, high: 64, low: 56, chance: 10, summary: "Breezy", wind: 30, gust: 45) }
        let list = PackingRules.list(for: Self.context(breezy))
        let shell = try #require(list.items.first { $0.name == "Windproof shell" })
        #expect(shell.reason == "Wind: gusts to 45 mph Thu Dec 3")
        #expect(shell.weather)
        let cold = names(PackingRules.list(for: Self.context(Self.windy)))
        #expect(cold.contains("Warm coat") && !cold.contains("Windproof shell"))
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
        #expect(try #require(quantity("Short-sleeved tops", nights: 1)) < (try #require(quantity("Short-sleeved tops", nights: 6))))
        let long = PackingRules.list(for: Self.context(Self.mild, nights: 20))
        #expect(long.notices.contains { $0.contains("counted for 7 of the 21 days: plan 2 washes, one every 7 days") })
    }

    @Test(arguments: [("hiking", "Hiking boots"), ("beach", "Swimsuit"), ("business", "Business outfits"),
                      ("ski", "Ski goggles"), ("running", "Running shoes"), ("camping", "Headlamp"),
                      ("birdwatching", "Binoculars")])
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
        #expect(home.isSuperset(of: ["ID or driving license", "Phone and charger", "Toothbrush and toothpaste", "Medications"]))
        let abroad = names(PackingRules.list(for: Self.context(Self.mild, country: "FR")))
        #expect(abroad.isSuperset(of: ["Passport", "Plug adapter (types C and E)"]))
    }

    @Test func beyondTheHorizonGivesASeasonalListAndANotice() {
        let missing = (0...3).map { Self.start.adding(days: $0) }
        let list = PackingRules.list(for: Self.context([], missing: missing))
        #expect(list.items.filter(\.weather).isEmpty)
        #expect(names(list).contains("Warm coat"))  // December at 40°N
        #expect(list.items.first { $0.name == "Warm coat" }?.reason.contains("usual for December at 40°N") == true)
        #expect(list.notices.first?.contains("No forecast or climate for Thu Dec 3 to Sun Dec 6") == true)
    }

    @Test func aPartlyCoveredTripSaysWhichDaysLackAForecast() {
        let missing = [Self.start.adding(days: 3)]
        let list = PackingRules.list(for: Self.context(Array(Self.rainy.prefix(3)), missing: missing))
        #expect(list.notices.contains { $0.contains("No forecast or climate for Sun Dec 6") })
        #expect(names(list).contains("Compact umbrella"))
    }
}
