import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Defects read off real trips' lists, item by item, each a table: what a traveller packing from the list
/// would cross out or add.
@Suite struct ListQualityTests {
    typealias Rules = PackingRulesTests
    static let start = Rules.start

    static func days(_ count: Int, high: Int, low: Int, chance: Int = 10, uv: Double? = nil, summary: String = "Sunny") -> [ForecastDay] {
        (0..<count).map { Rules.day($0, high: high, low: low, chance: chance, summary: summary, uv: uv) }
    }

    static func list(_ days: [ForecastDay], activities: [String] = [], traveller: Traveller = .standard) -> PackingList {
        var context = PackingContext(start: start, end: start.adding(days: days.count - 1), activities: activities, days: days,
                                     missingDays: [], latitude: 40, country: "US")
        context.traveller = traveller
        return PackingRules.list(for: context)
    }

    static func has(_ list: PackingList, _ name: String) -> Bool { list.items.contains { $0.name == name } }

    // MARK: - 1. A work trip packs business attire, not holiday wear

    struct WorkTrip: Sendable, CustomTestStringConvertible {
        let label: String
        let days: [ForecastDay]
        let activities: [String]
        let shorts: Bool
        let sunHat: Bool
        var testDescription: String { label }
    }

    static let workTrips: [WorkTrip] = [
        // Warm (82 °F) and sunny with a strong UV: neither shorts nor a sun hat for meetings.
        WorkTrip(label: "warm business", days: days(4, high: 82, low: 66, uv: 9), activities: ["business"], shorts: false, sunHat: false),
        // Mild, high UV (Sydney, Cusco): no sun hat.
        WorkTrip(label: "mild business, UV 10", days: days(3, high: 70, low: 58, uv: 10), activities: ["business"], shorts: false, sunHat: false),
        // Hot (Phoenix, Singapore): still no shorts or sun hat; light trousers for the evenings.
        WorkTrip(label: "hot business", days: days(3, high: 104, low: 84), activities: ["business"], shorts: false, sunHat: false),
        WorkTrip(label: "hot conference", days: days(3, high: 95, low: 80, uv: 11), activities: ["conference"], shorts: false, sunHat: false),
        // An activity that calls for them brings them back.
        WorkTrip(label: "business and the beach", days: days(4, high: 90, low: 78, uv: 11), activities: ["business", "beach"],
                 shorts: true, sunHat: true),
        WorkTrip(label: "business and hiking", days: days(4, high: 92, low: 70, uv: 10), activities: ["business", "hiking"],
                 shorts: false, sunHat: true),
        WorkTrip(label: "business and sightseeing", days: days(4, high: 92, low: 70, uv: 10), activities: ["business", "sightseeing"],
                 shorts: false, sunHat: true),
        WorkTrip(label: "business and museums", days: days(4, high: 92, low: 70, uv: 10), activities: ["business", "museums"],
                 shorts: false, sunHat: false),
        // The same weather on a holiday keeps both.
        WorkTrip(label: "warm holiday", days: days(4, high: 86, low: 70, uv: 9), activities: [], shorts: true, sunHat: true),
    ]

    @Test(arguments: workTrips)
    func aWorkTripPacksNoShortsOrSunHatUnlessAnActivityAsks(_ trip: WorkTrip) {
        let list = Self.list(trip.days, activities: trip.activities)
        #expect(Self.has(list, "Shorts") == trip.shorts, "shorts: \(list.items.map(\.name))")
        #expect(Self.has(list, "Sun hat") == trip.sunHat, "sun hat: \(list.items.map(\.name))")
        // Sun protection a traveller uses indoors and out stays.
        if (trip.days.first?.uvIndex ?? 0) >= 8 { #expect(Self.has(list, "Sunscreen (SPF 30+)") || Self.has(list, "Water-resistant sunscreen (SPF 30+)")) }
        // Something to wear off duty in the heat: light trousers, never nothing.
        if !trip.shorts, trip.activities.contains("business") {
            #expect(list.items.contains { GarmentFamily.of($0.name) == .bottoms }, "no casual bottoms: \(list.items.map(\.name))")
        }
    }

    @Test func theOutdoorTownActivitiesAreKitsPlanKnows() {
        for name in PackingRules.outdoorTownKits { #expect(ActivityKits.kit(named: name)?.name == name, "\(name)") }
    }

    @Test func oneOrTwoCasualTopsAreNotCalledAMix() {
        let list = Self.list(Self.days(3, high: 62, low: 50), activities: ["business"])
        let tops = list.items.filter { GarmentFamily.of($0.name) == .tops }
        #expect(tops.map(\.name) == ["Long-sleeved tops"], "\(tops.map(\.name))")
        #expect((tops.first?.quantity ?? 0) <= 2)
        // A holiday's many tops keep the mix.
        let holiday = Self.list(Self.days(3, high: 62, low: 50))
        #expect(holiday.items.contains { $0.name == "Long-sleeved tops, a couple short-sleeved" && ($0.quantity ?? 0) >= 3 })
    }

    // MARK: - 2. One warm mid layer does the trip

    struct Layers: Sendable, CustomTestStringConvertible {
        let label: String
        let days: [ForecastDay]
        let activities: [String]
        let name: String
        let count: Int
        var testDescription: String { label }
    }

    static let layers: [Layers] = [
        Layers(label: "Zermatt skiing, 7 days", days: days(7, high: 28, low: 10, chance: 60, summary: "Snow"), activities: ["skiing"],
               name: "Warm fleece or down jacket", count: 1),
        Layers(label: "freezing city, 14 days", days: days(14, high: 30, low: 12, summary: "Cloudy"), activities: [],
               name: "Warm fleece or down jacket", count: 1),
        Layers(label: "northern lights, 6 days", days: days(6, high: 40, low: 30, summary: "Cloudy"), activities: ["aurora"],
               name: "Warm fleece or down jacket", count: 1),
        Layers(label: "skiing, 3 days", days: days(3, high: 28, low: 10, summary: "Snow"), activities: ["skiing"],
               name: "Warm fleece or down jacket", count: 1),
        // Sweaters on cool days are worn in turn: two for a week stays.
        Layers(label: "cool week", days: days(7, high: 45, low: 36, summary: "Cloudy"), activities: [], name: "Fleece or warm sweater", count: 2),
    ]

    @Test(arguments: layers)
    func warmMidLayersAreOne(_ trip: Layers) {
        let list = Self.list(trip.days, activities: trip.activities)
        let mids = list.items.filter { GarmentFamily.of($0.name) == .midLayers }
        #expect(mids.map(\.name) == [trip.name], "\(mids.map(\.name))")
        #expect(mids.first?.quantity == trip.count)
    }

    @Test func aSkiTripPacksTwoPairsOfEveningTrousers() {
        let list = Self.list(Self.days(7, high: 28, low: 10, summary: "Snow"), activities: ["skiing"])
        let bottoms = list.items.filter { GarmentFamily.of($0.name) == .bottoms && $0.category == "Clothing" }
        #expect(bottoms.map(\.quantity) == [ClothingSystem.eveningTrousers])
        // Without skis, a freezing week keeps three.
        let city = Self.list(Self.days(7, high: 28, low: 10, summary: "Snow"))
        #expect(city.items.first { GarmentFamily.of($0.name) == .bottoms }?.quantity == 3)
    }

    // MARK: - 3. Alerts name the day, and on a trip of several stops the stop

    static func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(text)) }

    /// An alert from `onset` to `ends` (UTC, the forecast's zone in these tests).
    static func alert(_ event: String, _ onset: String, _ ends: String) throws -> WeatherAlert {
        let format = ISO8601DateFormatter()
        let onset = try #require(format.date(from: onset) as Date?)
        let ends = try #require(format.date(from: ends) as Date?)
        return WeatherAlert(event: event, headline: event, severity: "Severe", onset: onset, ends: ends, summary: "heavy snow")
    }

    static func forecast(_ first: String, days: Int, high: Int, alerts: [WeatherAlert]) throws -> Forecast {
        let start = try date(first)
        return Forecast(
            source: "nws", url: "u", timeZone: "UTC", updatedAt: nil, fetchedAt: Date(timeIntervalSince1970: 0),
            days: (0..<days).map { ForecastDay(date: start.adding(days: $0), high: high, low: high - 20, summary: "Cloudy") },
            alerts: alerts
        )
    }

    struct AlertCase: Sendable, CustomTestStringConvertible {
        let label: String
        /// Onset and end of an alert at the first stop and at the second (nil: none).
        let first: (String, String)?
        let second: (String, String)?
        let reasons: [String]
        let notices: [String]
        var testDescription: String { label }
    }

    static let alertCases: [AlertCase] = [
        AlertCase(label: "Denver's storm", first: ("2026-12-03T13:00:00Z", "2026-12-05T01:00:00Z"), second: nil,
                  reasons: ["Winter Storm Warning from Thu Dec 3 in Denver"], notices: ["Winter Storm Warning in Denver, Thu 1 pm to Sat 1 am: heavy snow."]),
        // An alert at the second stop that began before the trip cites the first day spent there.
        AlertCase(label: "Moab's storm, begun before the trip", first: nil, second: ("2026-12-01T06:00:00Z", "2026-12-07T18:00:00Z"),
                  reasons: ["Winter Storm Warning from Sat Dec 5 in Moab"], notices: ["Winter Storm Warning in Moab, Tue 6 am to Mon 6 pm: heavy snow."]),
        AlertCase(label: "a storm at each", first: ("2026-12-04T00:00:00Z", "2026-12-04T23:00:00Z"), second: ("2026-12-06T00:00:00Z", "2026-12-06T12:00:00Z"),
                  reasons: ["Winter Storm Warning from Fri Dec 4 in Denver"],
                  notices: ["Winter Storm Warning in Denver, Fri 12 am to Fri 11 pm: heavy snow.", "Winter Storm Warning in Moab, Sun 12 am to Sun 12 pm: heavy snow."]),
    ]

    @Test(arguments: alertCases)
    func alertItemsNameTheDayAndTheStop(_ alertCase: AlertCase) throws {
        let legs = [
            TripLeg(position: 1, destination: "Denver", place: nil, start: try Self.date("2026-12-03"), end: try Self.date("2026-12-05")),
            TripLeg(position: 2, destination: "Moab", place: nil, start: try Self.date("2026-12-05"), end: try Self.date("2026-12-08")),
        ]
        let first = try alertCase.first.map { try Self.alert("Winter Storm Warning", $0.0, $0.1) }
        let second = try alertCase.second.map { try Self.alert("Winter Storm Warning", $0.0, $0.1) }
        let stops = StopForecasts([
            (legs[0], try Self.forecast("2026-12-01", days: 10, high: 30, alerts: first.map { [$0] } ?? [])),
            (legs[1], try Self.forecast("2026-12-01", days: 10, high: 40, alerts: second.map { [$0] } ?? [])),
        ])
        let trip = Trip(id: 1, name: "t", destination: "Denver", place: nil, start: legs[0].start, end: legs[1].end,
                        activities: [], createdAt: Date(timeIntervalSince1970: 0), legs: legs)
        let context = PackingContext(trip: trip, forecast: stops.forecast)
        let list = stops.citingStops(PackingRules.list(for: context))
        let traction = try #require(list.items.first { $0.name.hasPrefix("Traction devices") })
        #expect(alertCase.reasons.contains(traction.reason), "\(traction.reason)")
        #expect(traction.weather)
        for notice in alertCase.notices { #expect(list.notices.contains(notice), "\(list.notices)") }
    }

    /// A stop's alert is said in that stop's clock: Zurich, then Denver (UTC−7 in December).
    @Test func aStopsAlertIsSaidInItsOwnTimeZone() throws {
        let legs = [
            TripLeg(position: 1, destination: "Zermatt", place: nil, start: try Self.date("2026-12-03"), end: try Self.date("2026-12-05")),
            TripLeg(position: 2, destination: "Denver", place: nil, start: try Self.date("2026-12-05"), end: try Self.date("2026-12-08")),
        ]
        var zurich = try Self.forecast("2026-12-01", days: 10, high: 30, alerts: [])
        zurich.timeZone = "Europe/Zurich"
        var denver = try Self.forecast("2026-12-01", days: 10, high: 30, alerts: [
            try Self.alert("Winter Storm Warning", "2026-12-06T13:00:00Z", "2026-12-07T01:00:00Z"),
        ])
        denver.timeZone = "America/Denver"
        let stops = StopForecasts([(legs[0], zurich), (legs[1], denver)])
        let trip = Trip(id: 1, name: "t", destination: "Zermatt", place: nil, start: legs[0].start, end: legs[1].end,
                        activities: [], createdAt: Date(timeIntervalSince1970: 0), legs: legs)
        let list = stops.citingStops(PackingRules.list(for: PackingContext(trip: trip, forecast: stops.forecast)))
        #expect(list.notices.contains("Winter Storm Warning in Denver, Sun 6 am to Sun 6 pm: heavy snow."), "\(list.notices)")
        #expect(list.items.first { $0.name.hasPrefix("Traction devices") }?.reason == "Winter Storm Warning from Sun Dec 6 in Denver")
    }

    @Test func aOnePlaceTripsAlertNamesItsDayAndNoStop() throws {
        let alert = try Self.alert("Winter Storm Warning", "2026-12-01T06:00:00Z", "2026-12-04T18:00:00Z")
        let trip = Trip(id: 1, name: "t", destination: "Denver", place: nil, start: try Self.date("2026-12-03"),
                        end: try Self.date("2026-12-06"), activities: [], createdAt: Date(timeIntervalSince1970: 0))
        let context = PackingContext(trip: trip, forecast: try Self.forecast("2026-12-01", days: 10, high: 30, alerts: [alert]))
        let list = PackingRules.list(for: context)
        #expect(list.items.first { $0.name.hasPrefix("Traction devices") }?.reason == "Winter Storm Warning from Thu Dec 3")
        #expect(list.notices.contains("Winter Storm Warning, Tue 6 am to Fri 6 pm: heavy snow."))
    }

    // MARK: - 4. `plan ask`'s facts in the traveller's units

    struct Units: Sendable, CustomTestStringConvertible {
        let units: MeasurementUnits
        let expected: [String]
        let absent: [String]
        var testDescription: String { units.rawValue }
    }

    static let unitCases: [Units] = [
        Units(units: .metric, expected: ["Thu Dec 3: -1/-8°C, Snow, 80% precip, wind 24 km/h, gusts 56",
                                         "usual (climate 2016–2025, not a forecast): highs around 0°C (1 day in 10 above 4°C)"],
              absent: ["°F", "mph"]),
        Units(units: .us, expected: ["Thu Dec 3: 30/18°F, Snow, 80% precip, wind 15 mph, gusts 35",
                                     "usual (climate 2016–2025, not a forecast): highs around 32°F (1 day in 10 above 40°F)"],
              absent: ["°C", "km/h"]),
    ]

    @Test(arguments: unitCases)
    func askFactsSayTheForecastInTheTravellersUnits(_ unitCase: Units) async throws {
        let start = try Self.date("2026-12-03")
        let climate = DayClimate(place: "Zermatt", firstYear: 2016, lastYear: 2025, samples: 10, coldNight: 5, hotDay: 40, wetShare: 0.4, snowShare: 0.3)
        let days = [
            ForecastDay(date: start, high: 30, low: 18, precipitationChance: 80, hasSnow: true, wind: 15, gust: 35, summary: "Snow"),
            ForecastDay(date: start.adding(days: 1), high: 32, low: 20, summary: "usual", source: .climate, climate: climate),
        ]
        let trip = Trip(id: 1, name: "t", destination: "Zermatt", place: nil, start: start, end: start.adding(days: 1),
                        activities: [], createdAt: Date(timeIntervalSince1970: 0))
        var facts = try TripFacts(trip: trip, snapshot: nil, list: nil, units: unitCase.units)
        facts.forecast = Forecast(source: "open-meteo", url: "u", timeZone: "UTC", updatedAt: nil,
                                  fetchedAt: Date(timeIntervalSince1970: 0), days: days)
        let text = await facts.text(budget: 4_000, model: BuiltinPackingModel())
        for line in unitCase.expected { #expect(text.contains(line), "\(text)") }
        for word in unitCase.absent { #expect(!text.contains(word), "\(word) in: \(text)") }
    }

    // MARK: - Further defects read off real trips

    /// A beach week in warm weather is lived in sandals: socks for closed shoes only.
    @Test(arguments: [
        (["beach"], 78, 75, 4),       // Miami at Christmas: highs 75–78 °F, 6 days
        (["beach"], 90, 80, 4),
        ([], 90, 80, 4),              // heat alone: sandals too
        ([], 78, 75, 7),              // warm, no beach: a sock a day
        (["beach"], 74, 65, 7),       // a cool beach week: closed shoes some days
        (["business"], 90, 80, 7),    // the office wears socks
    ] as [([String], Int, Int, Int)])
    func aBeachWeekPacksFewerSocks(_ activities: [String], _ high: Int, _ coolest: Int, _ socks: Int) {
        var days = Self.days(6, high: high, low: coolest - 8)
        days[2].high = coolest
        let list = Self.list(days, activities: activities)
        #expect(list.items.first { $0.name == "Socks" }?.quantity == socks, "\(list.items.map { "\($0.name) \($0.quantity ?? 0)" })")
    }

    /// A baby's own clothes: two changes a day, capped by the laundry like everyone's.
    @Test(arguments: [
        (["baby"], 5, 7, 10, false),
        (["baby"], 10, 5, 10, false),            // laundry every 5 days
        (["baby", "kids"], 3, 7, 6, true),       // older children still get their spares
        (["kids"], 3, 7, nil, true),
    ] as [([String], Int, Int, Int?, Bool)])
    func aBabyGetsItsOwnClothes(_ activities: [String], _ dayCount: Int, _ laundry: Int, _ babyClothes: Int?, _ childSpares: Bool) {
        var traveller = Traveller.standard
        traveller.laundryDays = laundry
        let list = Self.list(Self.days(dayCount, high: 70, low: 55), activities: activities, traveller: traveller)
        #expect(list.items.first { $0.name == "Baby bodysuits, outfits and sleepsuits" }?.quantity == babyClothes)
        #expect(Self.has(list, "Spare clothes for each child") == childSpares)
    }

    /// Countries said with their article: "to the United Kingdom", "The United States' sockets", "Mains in the
    /// Netherlands"; others as they are ("Singapore's sockets").
    @Test(arguments: [
        ("GB", "US", "The United States' sockets are types A and B", "Mains in the United States are 120 V", "Travelling abroad, to the United States;"),
        ("US", "GB", "The United Kingdom's sockets are type G", "Mains in the United Kingdom are 230 V", "Travelling abroad, to the United Kingdom;"),
        ("US", "NL", "The Netherlands' sockets are types C and F", "Mains in the Netherlands are 230 V", "Travelling abroad, to the Netherlands;"),
        ("US", "SG", "Singapore's sockets are type G", "Mains in Singapore are 230 V", "Travelling abroad, to Singapore;"),
    ])
    func countriesAreSaidWithTheirArticle(_ home: String, _ destination: String, _ sockets: String, _ mains: String, _ passport: String) {
        var context = PackingContext(start: Self.start, end: Self.start.adding(days: 3), activities: [], days: Self.days(4, high: 70, low: 55),
                                     missingDays: [], latitude: 40, country: destination)
        context.traveller = Traveller(home: home)
        let list = PackingRules.list(for: context)
        #expect(list.items.contains { $0.name.hasPrefix("Plug adapter") && $0.reason.hasPrefix(sockets) }, "\(list.items.map(\.reason))")
        #expect(list.notices.contains { $0.hasPrefix(mains) }, "\(list.notices)")
        #expect(list.items.contains { $0.name == "Passport" && $0.reason.hasPrefix(passport) })
    }

    /// Snow glare at Reykjavik in December dazzles but does not burn: sunglasses, no sunscreen. In Tromsø's
    /// polar night (Jan 3–6) the sun does not rise at all: neither.
    @Test(arguments: [
        (64.1, 12, false, true),   // Reykjavik, December
        (69.6, 1, false, false),   // Tromsø, January: the polar night
        (-64.8, 6, false, true),   // the Antarctic Peninsula in June
        (64.1, 3, true, true),     // Reykjavik in March: the sun is back
        (46.0, 12, true, true),    // Zermatt in December
    ] as [(Double, Int, Bool, Bool)])
    func theLowWinterSunBringsNoSunscreen(_ latitude: Double, _ month: Int, _ sunscreen: Bool, _ sunglasses: Bool) throws {
        let start = try #require(CalendarDate(year: 2026, month: month, day: 3))
        let days = (0..<4).map { ForecastDay(date: start.adding(days: $0), high: 30, low: 20, precipitationChance: 80, hasSnow: true, summary: "Snow") }
        let context = PackingContext(start: start, end: start.adding(days: 3), activities: [], days: days, missingDays: [],
                                     latitude: latitude, country: "IS")
        let list = PackingRules.list(for: context)
        #expect(Self.has(list, "Sunglasses") == sunglasses)
        #expect(Self.has(list, "Sunscreen (SPF 30+)") == sunscreen)
    }

    /// Aurora and photography together bring one set of spare batteries and a charger, not two.
    @Test func auroraAndPhotographyBringOneSetOfBatteries() {
        let list = Self.list(Self.days(5, high: 28, low: 15, summary: "Clear"), activities: ["aurora", "photography"])
        let batteries = list.items.filter { $0.name.lowercased().contains("batteries") }
        #expect(batteries.map(\.name) == ["Spare camera batteries and charger, kept warm"])
        let photography = Self.list(Self.days(5, high: 60, low: 45), activities: ["photography"])
        #expect(Self.has(photography, "Spare batteries and charger"))
    }

    /// A reason a climate day put there starts with a capital, as every other reason does.
    @Test func climateReasonsAreCapitalised() {
        let climate = DayClimate(place: "Miami", firstYear: 2016, lastYear: 2025, samples: 10, coldNight: 62, hotDay: 82, wetShare: 0.2, snowShare: 0)
        let days = (0..<5).map { ForecastDay(date: Self.start.adding(days: $0), high: 78, low: 66, summary: "usual", source: .climate, climate: climate) }
        let list = Self.list(days, activities: ["beach"])
        let weather = list.items.filter(\.weather)
        #expect(!weather.isEmpty)
        for item in weather { #expect(item.reason.hasPrefix("Usual for Dec "), "\(item.name): \(item.reason)") }
    }

    /// A ski trip's waterproof ski jacket stands in for an umbrella, forecast or not; a city trip in the same
    /// weather keeps it.
    @Test(arguments: [
        (["skiing"], true, false),   // offline: the season's usual (40% showers in January)
        (["skiing"], false, false),  // a wet, mild forecast in the village
        ([], true, true),
        ([], false, true),
    ] as [([String], Bool, Bool)])
    func aSkiTripPacksNoUmbrella(_ activities: [String], _ seasonal: Bool, _ umbrella: Bool) throws {
        let start = try #require(CalendarDate(year: 2027, month: 1, day: 10))
        let days = seasonal ? [] : (0..<4).map { ForecastDay(date: start.adding(days: $0), high: 42, low: 30, precipitationChance: 60, summary: "Rain") }
        let context = PackingContext(start: start, end: start.adding(days: 3), activities: activities, days: days,
                                     missingDays: seasonal ? (0..<4).map { start.adding(days: $0) } : [], latitude: 40, country: "US")
        #expect(Self.has(PackingRules.list(for: context), "Compact umbrella") == umbrella)
    }

    /// A stove is no use without a way to light it.
    @Test func campingBringsALighter() {
        let list = Self.list(Self.days(3, high: 70, low: 50), activities: ["camping"])
        #expect(list.items.contains { $0.name.contains("stove") && $0.name.contains("lighter") })
    }
}
