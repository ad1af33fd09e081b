import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Alerts and climate that change the kit, and long and linked trips, read as a traveller reads the list:
/// families in deep cold, deserts high and low, wetlands, marathons in the heat, weeks on a week's
/// clothes, a dive stop followed by another stop. Trips nobody tuned the rules on.
@Suite struct ConditionsKitTests {
    static let start = CalendarDate(year: 2027, month: 1, day: 4) ?? CalendarDate(dayNumber: 0)

    /// A trip of `count` days from `first` with the same weather each day.
    static func context(
        days count: Int, high: Int, low: Int, chance: Int = 10, uv: Double? = nil, thunder: Bool = false,
        latitude: Double, country: String = "US", activities: [String] = [], first: CalendarDate = start,
        place: String? = nil, elevation: Double? = nil, party: TripParty = .single, alerts: [WeatherAlert] = [],
        traveller: Traveller = .standard
    ) -> PackingContext {
        let days = (0..<count).map { offset in
            ForecastDay(
                date: first.adding(days: offset), high: high, low: low, precipitationChance: chance, hasThunder: thunder,
                uvIndex: uv, summary: chance >= 40 ? "Showers" : "Sunny", source: .openMeteo
            )
        }
        var context = PackingContext(
            start: first, end: first.adding(days: count - 1), activities: activities, days: days, missingDays: [],
            latitude: latitude, country: country
        )
        context.placeName = place
        context.elevation = elevation
        context.party = party
        context.alerts = alerts
        context.timeZone = "UTC"
        context.traveller = traveller
        return context
    }

    static func alert(_ event: String, summary: String, on day: CalendarDate = start) -> WeatherAlert {
        let onset = Date(timeIntervalSince1970: TimeInterval(day.dayNumber) * 86_400 + 6 * 3_600)
        return WeatherAlert(event: event, headline: event, severity: "Extreme", onset: onset, ends: onset.addingTimeInterval(48 * 3_600), summary: summary)
    }

    static let frostbite = "dangerously cold wind chills as low as 40 below zero expected; frostbite on exposed skin in as little as 10 minutes"

    static func names(_ list: PackingList) -> Set<String> { Set(list.items.map(\.name)) }

    // MARK: - Camps where there are no bears

    @Test(arguments: [("MA", 31.15, false), ("FR", 43.9, false), ("US", 44.4, true), ("CA", 51.2, true)])
    func aBearCanisterOnlyWhereThereAreBears(country: String, latitude: Double, bears: Bool) {
        // A desert camp at Erg Chebbi or a campsite in Provence packs sealed food boxes, not a bear canister.
        let list = PackingRules.list(for: Self.context(days: 3, high: 70, low: 45, latitude: latitude, country: country,
                                                       activities: ["camping"]))
        let names = Self.names(list)
        #expect(names.contains("Food storage (bear canister where required)") == bears, "\(country): \(names.sorted())")
        #expect(names.contains("Sealed food boxes or bags") == !bears, "\(country): \(names.sorted())")
    }

    // MARK: - Point 5: alerts

    @Test func anExtremeColdWarningDressesAFamilyForFrostbiteAndCitesItsOwnFigure() throws {
        // Fairbanks in January, two adults and two children; the forecast's coldest night is -18°F.
        let cold = Self.alert("Extreme Cold Warning", summary: Self.frostbite)
        let context = Self.context(days: 5, high: -5, low: -18, latitude: 64.8, place: "Fairbanks",
                                   party: TripParty(adults: 2, children: [6, 9]), alerts: [cold])
        let list = PackingRules.list(for: context)
        let names = Self.names(list)
        for wanted in ["Insulated mittens, worn over gloves", "Balaclava or fleece face cover", "Hand and toe warmers", "Insulated waterproof boots"] {
            #expect(names.contains(wanted), "missing \(wanted): \(names.sorted())")
        }
        let mittens = try #require(list.items.first { $0.name == "Insulated mittens, worn over gloves" })
        #expect(mittens.quantity == 4, "one pair each for four people")
        #expect(mittens.reason.contains("wind chills as low as -40°F"), "\(mittens.reason)")
        let warmers = try #require(list.items.first { $0.name == "Hand and toe warmers" })
        #expect(warmers.quantity == 20, "a pair a day each for 5 days and 4 people")
        // The coat cites the warning's -40°F, not the milder forecast's -18°F.
        let coat = try #require(list.items.first { $0.name.contains("winter coat") })
        #expect(coat.reason.contains("-40°F") && coat.reason.contains("Extreme Cold Warning"), "\(coat.reason)")
        #expect(!list.items.contains { $0.reason.contains("low of -18°F") }, "\(list.items.map(\.reason))")
        #expect(!names.contains("Car emergency kit (scraper, blanket, shovel)"), "the family does not drive")
        #expect(list.items.allSatisfy { $0.reason.count <= 100 })
        let check = PackingCheck(context: context.withPartyActivities, destination: "Fairbanks", place: nil)
        #expect(list.items.filter(\.weather).allSatisfy { check.citesForecast($0.reason) || check.citesSunOrSea($0.reason) })
    }

    @Test(arguments: [
        // event, summary, the figure read (°F), or nil
        ("Extreme Cold Warning", "dangerously cold wind chills as low as 40 below zero expected", -40 as Int?),
        ("Wind Chill Warning", "wind chills as low as -35 expected", -35),
        ("Cold Weather Advisory", "very cold wind chills of 25 below zero expected", -25),
        ("Excessive Heat Warning", "dangerously hot conditions with temperatures up to 118 expected", 118),
        ("Heat Advisory", "heat index values up to 112 expected", 112),
        ("Winter Storm Warning", "heavy snow expected. total snow accumulations of 8 to 14 inches", nil),
        ("Wind Advisory", "southwest winds 25 to 35 mph with gusts up to 55 mph expected", nil),
    ])
    func anAlertsOwnFigureIsRead(_ event: String, _ summary: String, _ expected: Int?) {
        #expect(Self.alert(event, summary: summary).figure?.fahrenheit == expected)
    }

    @Test func aMetricTravellerReadsTheWarningInCelsius() throws {
        let cold = Self.alert("Extreme Cold Warning", summary: Self.frostbite)
        let context = Self.context(days: 3, high: 0, low: -10, latitude: 46.8, place: "Minneapolis", alerts: [cold],
                                   traveller: Traveller(home: "DE"))
        let list = PackingRules.list(for: context)
        let face = try #require(list.items.first { $0.name == "Balaclava or fleece face cover" })
        #expect(face.reason.contains("wind chills as low as -40°C"), "\(face.reason)")
    }

    struct StormCase: Sendable, CustomTestStringConvertible {
        let label: String
        let activities: [String]
        let carKit: Bool
        let traction: Bool
        var testDescription: String { label }
    }

    @Test(arguments: [
        StormCase(label: "a conference-goer", activities: ["conference"], carKit: false, traction: false),
        StormCase(label: "a sightseer on foot", activities: ["sightseeing"], carKit: false, traction: true),
        StormCase(label: "a road trip", activities: ["road trip"], carKit: true, traction: true),
        StormCase(label: "a skier who drives up", activities: ["skiing", "driving"], carKit: true, traction: true),
    ])
    func aWinterStormPacksACarKitOnlyForATripThatDrives(_ trip: StormCase) {
        let storm = Self.alert("Winter Storm Warning", summary: "heavy snow expected; travel could be very difficult")
        let context = Self.context(days: 4, high: 30, low: 20, chance: 80, latitude: 39.74,
                                   activities: trip.activities, place: "Denver", alerts: [storm])
        let names = Self.names(PackingRules.list(for: context))
        #expect(names.contains("Car emergency kit (scraper, blanket, shovel)") == trip.carKit, "\(names.sorted())")
        #expect(names.contains("Traction devices (microspikes or chains)") == trip.traction, "\(names.sorted())")
    }

    @Test func aFamilysCountKeepsTheWarningsName() throws {
        let storm = Self.alert("Winter Storm Warning", summary: "heavy snow expected")
        let context = Self.context(days: 4, high: 30, low: 20, chance: 80, latitude: 39.74, activities: ["driving"],
                                   place: "Denver", party: TripParty(adults: 2, children: [4, 9]), alerts: [storm])
        let traction = try #require(PackingRules.list(for: context).items.first { $0.name == "Traction devices (microspikes or chains)" })
        #expect(traction.reason == "One each for 2 adults, 2 children; Winter Storm Warning from Mon Jan 4")
    }

    @Test func aHeatWarningHotterThanTheForecastIsCited() throws {
        let heat = Self.alert("Excessive Heat Warning", summary: "dangerously hot conditions with temperatures up to 118 expected")
        let context = Self.context(days: 4, high: 110, low: 85, chance: 0, latitude: 33.45, place: "Phoenix", alerts: [heat])
        let list = PackingRules.list(for: context)
        let water = try #require(list.items.first { $0.name == "Reusable water bottle" })
        #expect(water.reason.contains("118°F"), "\(water.reason)")
        let tops = try #require(list.items.first { $0.name.contains("tops") })
        #expect(tops.reason.contains("temperatures up to 118°F (Excessive Heat Warning"), "\(tops.reason)")
    }

    // MARK: - Point 5: insects, lips and skin, endurance

    struct ClimateCase: Sendable, CustomTestStringConvertible {
        let label: String
        let high: Int
        let low: Int
        let chance: Int
        let uv: Double?
        let latitude: Double
        let month: Int
        let place: String
        let elevation: Double?
        let activities: [String]
        let children: [Int]
        /// Names that must be on the list, and names that must not.
        let wanted: [String]
        let unwanted: [String]
        var testDescription: String { label }
    }

    @Test(arguments: [
        ClimateCase(label: "camping in Georgia in December, frost at night", high: 60, low: 28, chance: 20, uv: 3, latitude: 33.7,
                    month: 12, place: "Atlanta", elevation: 300, activities: ["camping"], children: [],
                    wanted: [], unwanted: ["Insect repellent"]),
        ClimateCase(label: "the hyper-arid Sahara at 21°N", high: 95, low: 70, chance: 0, uv: 11, latitude: 21.0, month: 3,
                    place: "Wadi Halfa", elevation: 150, activities: ["sightseeing"], children: [],
                    wanted: ["Moisturiser", "Lip balm with SPF"], unwanted: ["Insect repellent"]),
        ClimateCase(label: "a subtropical wetland at 27 °C with a baby", high: 81, low: 64, chance: 20, uv: 7, latitude: 25.3,
                    month: 3, place: "Everglades National Park", elevation: 2, activities: ["wildlife watching"], children: [1],
                    wanted: ["Insect repellent", "Child-safe insect repellent", "Mosquito net for the stroller or carrier"], unwanted: []),
        ClimateCase(label: "the Okavango Delta in its dry season", high: 86, low: 55, chance: 5, uv: 10, latitude: -19.3, month: 8,
                    place: "Okavango Delta", elevation: 950, activities: ["safari"], children: [],
                    wanted: ["Insect repellent"], unwanted: []),
        ClimateCase(label: "a high desert at 2,400 m and UV 14", high: 75, low: 35, chance: 0, uv: 14, latitude: -22.9, month: 11,
                    place: "San Pedro de Atacama", elevation: 2_400, activities: ["hiking"], children: [],
                    wanted: ["Lip balm with SPF"], unwanted: ["Insect repellent"]),
        ClimateCase(label: "a humid equatorial city", high: 89, low: 77, chance: 70, uv: 11, latitude: 1.29, month: 6,
                    place: "Singapore", elevation: 15, activities: [], children: [],
                    wanted: ["Insect repellent"], unwanted: ["Moisturiser"]),
    ])
    func insectsLipsAndSkinFollowTheClimate(_ trip: ClimateCase) {
        let first = CalendarDate(year: 2027, month: trip.month, day: 10) ?? Self.start
        let context = Self.context(days: 5, high: trip.high, low: trip.low, chance: trip.chance, uv: trip.uv, latitude: trip.latitude,
                                   activities: trip.activities, first: first, place: trip.place, elevation: trip.elevation,
                                   party: TripParty(adults: 2, children: trip.children))
        let list = PackingRules.list(for: context)
        let names = Self.names(list)
        for name in trip.wanted { #expect(names.contains(name), "missing \(name): \(names.sorted())") }
        for name in trip.unwanted { #expect(!names.contains(name), "should not have \(name)") }
        #expect(list.items.allSatisfy { $0.reason.count <= 100 })
    }

    @Test func lipBalmAtUV14CitesTheDay() throws {
        let context = Self.context(days: 3, high: 75, low: 35, chance: 0, uv: 14, latitude: -22.9, place: "San Pedro de Atacama", elevation: 2_400)
        let balm = try #require(PackingRules.list(for: context).items.first { $0.name == "Lip balm with SPF" })
        #expect(balm.reason == "Strong sun and dry air chap lips: UV index 14 Mon Jan 4")
    }

    struct RaceCase: Sendable, CustomTestStringConvertible {
        let label: String
        let high: Int
        let low: Int
        let electrolytes: Bool
        let startLayer: String?
        var testDescription: String { label }
    }

    @Test(arguments: [
        RaceCase(label: "a marathon in tropical heat, 19 °C dawn", high: 88, low: 66, electrolytes: true, startLayer: nil),
        RaceCase(label: "an autumn marathon at 5 °C dawn", high: 58, low: 41,
                 electrolytes: false, startLayer: "Waiting at the start in the morning cold: low of 41°F Mon Jan 4"),
    ])
    func aRacePacksForItsHeatAndItsDawn(_ race: RaceCase) {
        let context = Self.context(days: 3, high: race.high, low: race.low, chance: 20, latitude: 13.7, activities: ["marathon"])
        let list = PackingRules.list(for: context)
        #expect(Self.names(list).contains("Electrolyte tablets or drink mix") == race.electrolytes)
        #expect(list.items.first { $0.name.hasPrefix("Throwaway layer") }?.reason == race.startLayer)
    }

    // MARK: - Point 6: long and linked trips

    @Test(arguments: [(25, true), (7, false), (8, false), (10, true), (1, false)])
    func aTripLongerThanItsClothesPacksALaundryKit(_ days: Int, _ wanted: Bool) {
        let context = Self.context(days: days, high: 70, low: 55, latitude: 48.9, country: "FR")
        let kit = PackingRules.list(for: context).items.first { $0.name == "Travel laundry kit (travel wash, line)" }
        #expect((kit != nil) == wanted)
        if wanted { #expect(kit?.reason == "Clothes for 7 of the \(days) days: wash every 7 days") }
    }

    @Test func theNoFlyAfterDivingNoticeNamesTheNextLeg() throws {
        // Cozumel Jan 4–10 diving, then Mexico City to Jan 13 (the flight is the day after the last dive day).
        let move = Self.start.adding(days: 6)
        let end = Self.start.adding(days: 9)
        var context = Self.context(days: 10, high: 84, low: 72, latitude: 20.4, country: "MX", activities: ["diving"])
        let stops = [
            StopPlan(name: "Cozumel", start: Self.start, end: move, isLast: false, activities: ["scuba diving"], latitude: 20.4),
            StopPlan(name: "Mexico City", start: move, end: end, isLast: true, activities: ["sightseeing"], latitude: 19.4),
        ]
        context.legs = stops
        context.stopPlans = stops
        let notices = PackingRules.list(for: context).notices
        #expect(notices.contains("Diving in Cozumel: leave at least 18 hours between your last dive and flying on to Mexico City (Sun Jan 10); going up to altitude by road counts too."), "\(notices)")
        #expect(!notices.contains { $0.contains("flight home") })
        // Diving at the last stop: the flight home, with its day.
        context.legs = [stops[1], stops[0]].enumerated().map { index, stop in
            var stop = stop
            stop.isLast = index == 1
            return stop
        }
        context.stopPlans = context.legs
        let last = PackingRules.list(for: context).notices
        #expect(last.contains { $0.hasPrefix("Diving in Cozumel: leave at least 18 hours between your last dive and your flight home") }, "\(last)")
    }
}
