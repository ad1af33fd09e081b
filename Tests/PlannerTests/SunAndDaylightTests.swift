import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 36, points 1, 3, 4 and the insect reason: UV on climate days, daylight from the date and latitude,
/// winter driving, and insect repellent for warmth and damp together; each read as a traveller would.
@Suite struct SunAndDaylightTests {
    static func date(_ text: String) -> CalendarDate { CalendarDate(text) ?? CalendarDate(dayNumber: 0) }

    /// `count` days from `first` at `latitude`, forecast days of the given weather.
    static func context(
        _ first: String, count: Int, latitude: Double, high: Int, low: Int, chance: Int = 10, snow: Bool = false,
        summary: String = "Partly cloudy", activities: [String] = [], place: String, country: String
    ) -> PackingContext {
        let start = date(first)
        let days = (0..<count).map {
            ForecastDay(date: start.adding(days: $0), high: high, low: low, precipitationChance: chance, hasSnow: snow, summary: summary)
        }
        var context = PackingContext(start: start, end: start.adding(days: count - 1), activities: activities, days: days,
                                     missingDays: [], latitude: latitude, country: country)
        context.placeName = place
        context.traveller = Traveller(home: "GB")
        return context
    }

    /// A trip of two stops has each day's sun where the traveller is: Oslo then Tromsø in late December names
    /// Tromsø's polar night (not Oslo's short days at Oslo's latitude for every day), keeps the sunglasses for
    /// Oslo's days, and the check accepts a reason citing Tromsø's sun.
    @Test func eachStopHasItsOwnSun() throws {
        var context = Self.context("2026-12-18", count: 6, latitude: 59.91, high: 30, low: 20, place: "Oslo", country: "NO")
        context.legs = [
            StopPlan(name: "Oslo", start: Self.date("2026-12-18"), end: Self.date("2026-12-20"), isLast: false, activities: [], latitude: 59.91),
            StopPlan(name: "Tromsø", start: Self.date("2026-12-20"), end: Self.date("2026-12-23"), isLast: true, activities: [], latitude: 69.65),
        ]
        let list = PackingRules.list(for: context)
        let headlamp = try #require(list.items.first { $0.name == "Headlamp" })
        #expect(headlamp.reason.hasPrefix("Polar night: no sunrise"), "\(headlamp.reason)")
        #expect(headlamp.reason.hasSuffix("in Tromsø"), "\(headlamp.reason)")
        #expect(!PackingRules.isPolarNightThroughout(context), "Oslo's days have a sunrise")

        let check = PackingCheck(context: context, destination: "Oslo, NO", place: nil)
        #expect(check.citesSunOrSea("Polar night: no sunrise Mon Dec 21 in Tromsø"))
        #expect(!check.citesSunOrSea("Polar night: no sunrise Fri Dec 18 in Oslo"), "Oslo has a sunrise")
    }

    struct DaylightCase: Sendable, CustomTestStringConvertible {
        let label: String
        let context: PackingContext
        let headlamp: String?
        let eyeMask: String?
        let sunglasses: Bool
        var testDescription: String { label }
    }

    static let daylightCases: [DaylightCase] = [
        // Tromsø over Christmas: the sun does not rise; a headlamp, no glare items although it snows.
        DaylightCase(label: "Tromsø, late December", context: context("2026-12-20", count: 6, latitude: 69.65, high: 28, low: 19, chance: 70,
                     snow: true, summary: "Snow", activities: ["aurora"], place: "Tromsø", country: "NO"),
                     headlamp: "Polar night: no sunrise", eyeMask: nil, sunglasses: false),
        // Reykjavik in late December: about four hours of light, said as such.
        DaylightCase(label: "Reykjavik, late December", context: context("2026-12-20", count: 4, latitude: 64.15, high: 35, low: 27,
                     place: "Reykjavik", country: "IS"), headlamp: "Short days: 4 h", eyeMask: nil, sunglasses: false),
        // Tromsø at midsummer: an eye mask, no headlamp.
        DaylightCase(label: "Tromsø, June", context: context("2026-06-18", count: 5, latitude: 69.65, high: 60, low: 45,
                     place: "Tromsø", country: "NO"), headlamp: nil, eyeMask: "Midnight sun: no sunset", sunglasses: false),
        // Lisbon in June and in December: neither.
        DaylightCase(label: "Lisbon, June", context: context("2026-06-10", count: 7, latitude: 38.72, high: 80, low: 64,
                     place: "Lisbon", country: "PT"), headlamp: nil, eyeMask: nil, sunglasses: false),
        DaylightCase(label: "Lisbon, December", context: context("2026-12-10", count: 4, latitude: 38.72, high: 58, low: 46,
                     place: "Lisbon", country: "PT"), headlamp: nil, eyeMask: nil, sunglasses: false),
        // Zermatt skiing in January: glare items stay (the sun rises), no headlamp from daylight (8.8 h).
        DaylightCase(label: "Zermatt ski week", context: context("2027-01-09", count: 7, latitude: 46.02, high: 27, low: 12, chance: 60,
                     snow: true, summary: "Snow", activities: ["skiing"], place: "Zermatt", country: "CH"),
                     headlamp: nil, eyeMask: nil, sunglasses: true),
    ]

    @Test(arguments: daylightCases)
    func daylightBringsALightOrAMask(_ row: DaylightCase) {
        let list = PackingRules.list(for: row.context)
        // A kit's headlamp (the aurora's, with a red light) takes the daylight's reason along.
        let headlamp = list.items.first { $0.name.hasPrefix("Headlamp") }
        if let expected = row.headlamp {
            #expect(headlamp?.reason.lowercased().contains(expected.lowercased()) == true, "\(headlamp?.reason ?? "no headlamp")")
            #expect(headlamp?.reason.contains(row.context.placeName ?? "?") == true)
        } else {
            #expect(headlamp == nil || !(headlamp?.reason.contains("daylight") ?? false))
        }
        let mask = list.items.first { $0.name == "Eye mask" }
        if let expected = row.eyeMask {
            #expect(mask?.reason.hasPrefix(expected) == true, "\(mask?.reason ?? "no eye mask")")
        } else {
            #expect(mask == nil)
        }
        if row.sunglasses {
            #expect(list.items.contains { $0.name.contains("unglasses") || $0.name.contains("oggles") })
        }
        if row.headlamp?.hasPrefix("Polar night") == true {
            #expect(!list.items.contains { $0.name.lowercased().contains("sunglasses") || $0.name.lowercased().contains("sunscreen") },
                    "\(list.items.map(\.name))")
        }
        #expect(list.items.allSatisfy { $0.reason.count <= 100 }, "\(list.items.map(\.reason).filter { $0.count > 100 })")
    }

    /// A far-out trip (every day a climate day) keeps its sun kit: the usual UV from the sun's height and the
    /// sky, cited as the usual of a date; none in a northern winter.
    @Test(arguments: [
        ("2027-06-20", 38.72, 82, 0.05, "Lisbon", true),
        ("2027-01-10", -33.92, 79, 0.1, "Cape Town", true),
        ("2027-02-10", -50.34, 57, 0.3, "El Calafate", true),
        ("2027-01-10", 59.33, 30, 0.4, "Stockholm", false),
    ] as [(String, Double, Int, Double, String, Bool)])
    func climateDaysKeepTheirSunKit(_ first: String, _ latitude: Double, _ high: Int, _ wet: Double, _ place: String, _ sun: Bool) {
        let start = Self.date(first)
        let days = (0..<7).map { offset -> ForecastDay in
            let date = start.adding(days: offset)
            var day = ForecastDay(date: date, high: high, low: high - 15, precipitationChance: Int(checkedRounding: wet * 100), summary: "Usually dry",
                                  source: .climate,
                                  climate: DayClimate(place: place, firstYear: 2016, lastYear: 2025, samples: 70, coldNight: high - 22,
                                                      hotDay: high + 6, wetShare: wet, snowShare: 0))
            // As the climate decoder does with no sunshine figures: the clear sky cut by the wet days.
            day.uvIndex = SolarDay(date: date, latitude: latitude).clearSkyUV(elevation: 50) * (1 - 0.5 * wet)
            return day
        }
        var context = PackingContext(start: start, end: start.adding(days: 6), activities: ["hiking"], days: days, missingDays: [],
                                     latitude: latitude, country: "PT")
        context.placeName = place
        let list = PackingRules.list(for: context)
        let sunscreen = list.items.first { $0.name.hasPrefix("Sunscreen") }
        #expect((sunscreen != nil) == sun, "\(list.items.map(\.name))")
        if let sunscreen {
            #expect(sunscreen.reason.hasPrefix("Usual for "), "\(sunscreen.reason)")
            #expect(sunscreen.reason.contains("UV about"), "\(sunscreen.reason)")
            #expect(sunscreen.reason.count <= 100)
        }
    }

    /// A road trip through snow or a hard frost brings tyres or chains and the car kit, with no alert;
    /// in mild weather, none; and not without a road trip.
    @Test(arguments: [
        (["road trip"], 30, 18, true, true),
        (["driving"], 38, 20, false, true),
        (["road trip"], 60, 45, false, false),
        (["hiking"], 30, 18, true, false),
    ] as [([String], Int, Int, Bool, Bool)])
    func winterDriving(_ activities: [String], _ high: Int, _ low: Int, _ snow: Bool, _ expected: Bool) {
        let context = Self.context("2026-12-10", count: 4, latitude: 45.5, high: high, low: low, chance: snow ? 70 : 10, snow: snow,
                                   summary: snow ? "Snow" : "Cloudy", activities: activities, place: "Montreal", country: "CA")
        let list = PackingRules.list(for: context)
        let tyres = list.items.first { $0.name.hasPrefix("Winter tyres or chains") }
        let kit = list.items.filter { $0.name == "Car emergency kit (scraper, blanket, shovel)" }
        #expect((tyres != nil) == expected)
        #expect(kit.count == (expected ? 1 : 0))
        if let tyres {
            #expect(tyres.reason.contains("Dec 1"), "\(tyres.reason)")
            #expect(tyres.reason.hasPrefix(snow ? "Snow on the roads" : "Icy roads"))
        }
    }

    /// Insect repellent names the warmth with the damp, never the rain alone (forecast and climate days).
    @Test func insectRepellentIsForWarmDampNotRain() {
        let hot = Self.context("2026-07-10", count: 4, latitude: 30, high: 88, low: 74, chance: 60, summary: "Showers",
                               place: "Tallahassee", country: "US")
        let reason = PackingRules.list(for: hot).items.first { $0.name == "Insect repellent" }?.reason ?? ""
        #expect(reason.hasPrefix("Mosquitoes in warm, humid weather: high of "), "\(reason)")
        #expect(reason.contains("60% chance of rain"))
        let start = Self.date("2027-07-10")
        let days = (0..<4).map {
            ForecastDay(date: start.adding(days: $0), high: 90, low: 76, precipitationChance: 70, summary: "Often wet", source: .climate,
                        climate: DayClimate(place: "Miami", firstYear: 2016, lastYear: 2025, samples: 70, coldNight: 72, hotDay: 94,
                                            wetShare: 0.7, snowShare: 0))
        }
        let context = PackingContext(start: start, end: start.adding(days: 3), activities: [], days: days, missingDays: [],
                                     latitude: 25.8, country: "US")
        let climate = PackingRules.list(for: context).items.first { $0.name == "Insect repellent" }?.reason ?? ""
        #expect(climate == "Mosquitoes: usual for Jul 10 in Miami: 90°F highs, wet on 7 days in 10", "\(climate)")
    }

    /// The check a model's list goes through takes a true daylight or sea reason as the weather's, and
    /// demotes a false one ("no sunrise" on a day the sun rises).
    @Test func theCheckVerifiesDaylightAndSea() throws {
        var context = Self.context("2026-12-20", count: 4, latitude: 69.65, high: 28, low: 19, place: "Tromsø", country: "NO")
        context.sea = SeaTemperature(celsius: 6.2, from: context.start, to: context.end, isLastYear: false)
        let check = PackingCheck(context: context, destination: "Tromsø", place: nil)
        #expect(check.citesSunOrSea("Polar night: no sunrise Sun Dec 20 in Tromsø"))
        #expect(check.citesSunOrSea("Sea about 6°C from Sun Dec 20"))
        #expect(!check.citesSunOrSea("Sea about 15°C from Sun Dec 20"))
        var reykjavik = Self.context("2026-12-20", count: 4, latitude: 64.15, high: 35, low: 27, place: "Reykjavik", country: "IS")
        reykjavik.sea = nil
        let other = PackingCheck(context: reykjavik, destination: "Reykjavik", place: nil)
        #expect(other.citesSunOrSea("Short days: 4 h 7 min of daylight Sun Dec 20 in Reykjavik"))
        #expect(!other.citesSunOrSea("Polar night: no sunrise Sun Dec 20 in Reykjavik"))
        #expect(!other.citesSunOrSea("Short days: 9 h 7 min of daylight Sun Dec 20"))
        // The rules' own list passes the check with its reasons untouched.
        let list = PackingRules.list(for: context)
        let reviewed = check.review(list, model: "builtin").list
        let headlamp = try #require(reviewed.items.first { $0.name == "Headlamp" })
        #expect(!headlamp.reason.contains("not from the forecast"), "\(headlamp.reason)")
    }
}
