import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 43, point 4: clothing per stop and per person, on trips nobody tuned for, read as the traveller gets the
/// list from the built-in engine (the rules, plan's own check, each reason naming its stop).
@Suite struct StopAndPersonClothingTests {
    static let start = CalendarDate(year: 2027, month: 1, day: 18) ?? CalendarDate(dayNumber: 0)

    static func place(_ name: String, _ country: String, _ latitude: Double, _ longitude: Double) -> Place {
        Place(name: name, region: "", country: country, latitude: latitude, longitude: longitude, timeZone: "UTC", source: "test")
    }

    /// A stop: where, for how many nights, what the days are like (nil: no forecast), what is done there.
    struct Stop: Sendable {
        var place: Place
        var nights: Int
        var high: Int?
        var low: Int?
        var snow = false
        var activities: [String] = []
    }

    /// The list a traveller reads: the stops' forecasts joined, the rules' list, plan's check, reasons citing stops.
    static func pack(_ stops: [Stop], party: TripParty = .single, home: String = "US") -> (list: PackingList, review: PackingReview) {
        let (context, joined, trip) = trip(stops, party: party, home: home)
        let outcome = PackingCheck(context: context, destination: trip.destination, place: trip.place)
            .review(PackingRules.list(for: context), model: "built-in")
        return (joined.citingStops(outcome.list), outcome.review)
    }

    /// The trip of these stops, the rules' view of it and its stops' forecasts joined.
    static func trip(_ stops: [Stop], party: TripParty = .single, home: String = "US") -> (PackingContext, StopForecasts, Trip) {
        var legs: [TripLeg] = []
        var day = start
        for (index, stop) in stops.enumerated() {
            legs.append(TripLeg(position: index + 1, destination: stop.place.name, place: stop.place, start: day,
                                end: day.adding(days: stop.nights), activities: stop.activities))
            day = day.adding(days: stop.nights)
        }
        let forecasts: [(leg: TripLeg, forecast: Forecast?)] = zip(legs, stops).map { leg, stop in
            guard let high = stop.high, let low = stop.low else { return (leg, nil) }
            let days = (0...leg.nights).map { offset in
                ForecastDay(date: leg.start.adding(days: offset), high: high, low: low, precipitationChance: stop.snow ? 80 : 10,
                            hasSnow: stop.snow, summary: stop.snow ? "Snow" : "Sunny")
            }
            return (leg, Forecast(source: "open-meteo", url: "u", timeZone: "UTC", updatedAt: nil,
                                  fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), days: days, alerts: []))
        }
        let joined = StopForecasts(forecasts)
        let trip = Trip(id: 1, name: "t", destination: legs[0].destination, place: legs[0].place, start: start, end: day,
                        activities: TripLeg.union(legs), createdAt: Date(timeIntervalSince1970: 0), legs: legs, party: party)
        let context = PackingContext(trip: trip, forecast: joined.forecast, traveller: Traveller(home: home), today: start.adding(days: -40))
        return (context, joined, trip)
    }

    static func lines(_ list: PackingList, _ family: GarmentFamily) -> [PackingItem] {
        list.items.filter { GarmentFamily.of($0.name) == family }
    }

    static func said(_ items: [PackingItem]) -> String {
        items.map { "\($0.name) ×\($0.quantity ?? 1) — \($0.reason)" }.joined(separator: " | ")
    }

    // MARK: - Each stop's days, its own clothing

    struct StopCase: CustomTestStringConvertible, Sendable {
        let label: String
        let stops: [Stop]
        let family: GarmentFamily
        /// Each line of the family: its name, the stop its reason names, its largest count.
        let lines: [(name: String, stop: String, most: Int)]
        var testDescription: String { label }
    }

    static let hanoi = place("Hanoi", "VN", 21.03, 105.85)
    static let sapa = place("Sa Pa", "VN", 22.34, 103.84)
    static let phuket = place("Phuket", "TH", 7.88, 98.39)
    static let aspen = place("Aspen", "US", 39.19, -106.82)
    static let miami = place("Miami", "US", 25.76, -80.19)
    static let moab = place("Moab", "US", 38.57, -109.55)
    static let denver = place("Denver", "US", 39.74, -104.98)
    static let phoenix = place("Phoenix", "US", 33.45, -112.07)
    static let tromso = place("Tromsø", "NO", 69.65, 18.96)
    static let bangkok = place("Bangkok", "TH", 13.75, 100.5)

    static let stopCases: [StopCase] = [
        // Three cool days in Sa Pa's hills, then nine hot ones in Phuket: long sleeves for Sa Pa's days only.
        StopCase(label: "a hot stop after a cool one", stops: [Stop(place: sapa, nights: 3, high: 50, low: 41),
                                                                Stop(place: phuket, nights: 9, high: 91, low: 79)],
                 family: .tops, lines: [("Long-sleeved tops", "Sa Pa", 4), ("Breathable short-sleeved tops", "Phuket", 8)]),
        // The same heat at two stops: one line, counted over both (seven days and a spare), as before.
        StopCase(label: "the same heat at two stops", stops: [Stop(place: hanoi, nights: 3, high: 88, low: 76),
                                                               Stop(place: phuket, nights: 3, high: 91, low: 79)],
                 family: .tops, lines: [("Breathable short-sleeved tops", "", 8)]),
        // Skiing in Aspen, then the beach in Miami: ski socks for the slopes, a few plain socks for the sandal days.
        StopCase(label: "ski socks stay on the slopes", stops: [Stop(place: aspen, nights: 4, high: 25, low: 8, snow: true, activities: ["skiing"]),
                                                                 Stop(place: miami, nights: 4, high: 84, low: 72, activities: ["beach"])],
                 family: .socks, lines: [("Ski socks", "Aspen", 5), ("Socks", "Miami", 3)]),
        // Hiking in Moab, then skiing in Aspen: hiking boots for the trails, insulated boots for the snow.
        StopCase(label: "hiking boots for Moab, snow boots for Aspen", stops: [Stop(place: moab, nights: 3, high: 62, low: 38, activities: ["hiking"]),
                                                                     Stop(place: aspen, nights: 3, high: 25, low: 8, snow: true, activities: ["skiing"])],
                 family: .boots, lines: [("Hiking boots", "Moab", 1), ("Insulated waterproof boots", "Aspen", 1)]),
        // A round trip: cold Denver, hot Phoenix, cold Denver again; Denver's long sleeves are one line, said once.
        StopCase(label: "Denver, Phoenix and Denver again", stops: [Stop(place: denver, nights: 3, high: 30, low: 12),
                                                                     Stop(place: phoenix, nights: 4, high: 86, low: 60),
                                                                     Stop(place: denver, nights: 3, high: 28, low: 10)],
                 family: .tops, lines: [("Long-sleeved tops", "Denver", 8), ("Breathable short-sleeved tops", "Phoenix", 5)]),
        // Weeks out, no forecast: Tromsø's January and Bangkok's, each from its own latitude.
        StopCase(label: "weeks out, the Arctic then the tropics", stops: [Stop(place: tromso, nights: 4, high: nil, low: nil),
                                                                           Stop(place: bangkok, nights: 6, high: nil, low: nil)],
                 family: .tops, lines: [("Long-sleeved tops", "Tromsø", 5), ("Short-sleeved tops", "Bangkok", 8)]),
    ]

    @Test(arguments: stopCases)
    func eachStopsDaysGetTheClothingOfItsOwnWeather(_ trip: StopCase) {
        let (list, review) = Self.pack(trip.stops)
        let lines = Self.lines(list, trip.family)
        #expect(lines.map(\.name).sorted() == trip.lines.map(\.name).sorted(), "\(Self.said(lines))")
        for expected in trip.lines {
            guard let line = lines.first(where: { $0.name == expected.name }) else { continue }
            #expect((line.quantity ?? 1) <= expected.most, "\(line.name) counted for \(expected.stop)'s days: \(line.quantity ?? 1)")
            guard !expected.stop.isEmpty else { continue }
            #expect(line.reason.components(separatedBy: expected.stop).count == 2, "\(line.name) should say once it is for \(expected.stop): \(line.reason)")
            let others = trip.stops.map(\.place.name).filter { $0 != expected.stop }
            #expect(!others.contains { line.reason.contains($0) }, "\(line.name) is not for the other stop: \(line.reason)")
            #expect(line.reason.count <= 100)
        }
        #expect(!review.merged.contains { name in lines.contains { $0.name == name } }, "plan's check kept each stop's line: \(review.merged)")
    }

    /// A conference in Chicago, skiing in Aspen, then diving and snorkelling off Cancún: each stop dressed for its
    /// own weather, and still room on the list (50 items at most) for the diver's mask and snorkel and the skier's
    /// lift pass: the layers every stop wears are one line before the list is cut, not after.
    @Test func threeStopsLeaveRoomForEveryKitsCoreGear() {
        let cancun = Self.place("Cancún", "MX", 21.16, -86.85)
        let chicago = Self.place("Chicago", "US", 41.88, -87.63)
        let stops = [Stop(place: chicago, nights: 3, high: 40, low: 30, activities: ["conference"]),
                     Stop(place: Self.aspen, nights: 3, high: 25, low: 8, snow: true, activities: ["skiing"]),
                     Stop(place: cancun, nights: 5, high: 89, low: 76, activities: ["diving", "snorkelling"])]
        let (context, _, _) = Self.trip(stops)
        let rules = PackingRules.list(for: context)
        for family in [GarmentFamily.midLayers, .baseLayers, .outerLayers, .gloves] {
            #expect(Self.lines(rules, family).count <= 1, "\(family): \(Self.said(Self.lines(rules, family)))")
        }
        let (list, _) = Self.pack(stops)
        let names = Set(list.items.map(\.name))
        for core in ["Mask and snorkel", "Dive certification card and logbook", "Lift pass and winter-sports insurance", "Ski goggles",
                     "Laptop and charger", "Long-sleeved tops", "Breathable short-sleeved tops"] {
            #expect(names.contains(core), "\(core) missing from \(list.items.count) items")
        }
        #expect(list.items.count <= PackingRules.maximumItems)
    }

    /// A model's answer that dresses each stop, its lines naming their stops, passes plan's check as it came; two
    /// lines of tops that name no stop are still one.
    @Test func theCheckKeepsAModelsLinePerStop() {
        let (context, _, trip) = Self.trip([Stop(place: Self.sapa, nights: 3, high: 50, low: 41),
                                            Stop(place: Self.phuket, nights: 9, high: 91, low: 79)])
        func clothing(_ name: String, _ count: Int, _ reason: String) -> PackingItem {
            PackingItem(category: "Clothing", name: name, quantity: count, reason: reason)
        }
        let answer = PackingList(items: [
            clothing("Long-sleeved tops", 4, "For the cool days in Sa Pa"),
            clothing("Short-sleeved tops", 8, "For the heat in Phuket"),
            clothing("Wool socks", 4, "Cold evenings in Sa Pa"),
            clothing("Socks", 5, "Closed shoes for Phuket"),
            clothing("T-shirts", 3, "Everyday wear"),
            clothing("Long-sleeved shirts", 2, "Evenings"),
            clothing("Underwear", 9, "One a day"),
            PackingItem(category: "Toiletries", name: "Toothbrush and toothpaste", reason: "Every night"),
            PackingItem(category: "Documents & money", name: "Passport", reason: "Abroad"),
        ])
        let outcome = PackingCheck(context: context, destination: trip.destination, place: trip.place).review(answer, model: "test-model")
        let names = outcome.list.items.map(\.name)
        for kept in ["Long-sleeved tops", "Short-sleeved tops", "Wool socks", "Socks"] {
            #expect(names.contains(kept), "\(kept) merged away: \(names)")
        }
        #expect(Self.lines(outcome.list, .tops).count == 3, "\(Self.said(Self.lines(outcome.list, .tops)))")
        #expect(outcome.review.merged == ["Long-sleeved shirts"], "the two lines for no stop are one: \(outcome.review.merged)")
    }

    // MARK: - Each age group, its own count

    struct PartyCase: CustomTestStringConvertible, Sendable {
        let label: String
        let party: TripParty
        let activities: [String]
        /// Lines and their counts (nil: not on the list).
        let counts: [(String, Int?)]
        /// Words a line's reason must hold.
        let says: [(String, String)]
        var testDescription: String { label }
    }

    static let fairbanks = place("Fairbanks", "US", 64.84, -147.72)

    static let partyCases: [PartyCase] = [
        // A family of four in deep cold: snow trousers for the two children, warm trousers for everyone (the adults
        // too), hand warmers each, spare clothes for the 4-year-old only.
        PartyCase(label: "a family in deep cold", party: TripParty(adults: 2, children: [4, 15]), activities: ["northern lights"],
                  counts: [("Waterproof snow trousers for the children", 2), ("Hand warmers", 4), ("Spare clothes for young children", 2),
                           ("Warm trousers (not jeans)", 12)],
                  says: [("Spare clothes for young children", "4-year-old"), ("Warm trousers (not jeans)", "2 adults, 2 children")]),
        // A teenager does not need spares for spills; one child's snow trousers are one pair.
        PartyCase(label: "two adults and a 15-year-old", party: TripParty(adults: 2, children: [15]), activities: [],
                  counts: [("Waterproof snow trousers for the children", 1), ("Spare clothes for young children", nil),
                           ("Spare clothes for each child", nil), ("Warm trousers (not jeans)", 9)],
                  says: [("Warm trousers (not jeans)", "2 adults, 1 child")]),
        // Skiing: the ski trousers are the children's snow trousers; glove liners and hand warmers one each.
        PartyCase(label: "skiing with a 6- and an 8-year-old", party: TripParty(adults: 1, children: [6, 8]), activities: ["skiing"],
                  counts: [("Hand warmers", 3), ("Glove liners", 3), ("Spare clothes for young children", 2), ("Ski jacket and trousers", 3),
                           ("Waterproof snow trousers for the children", nil)],
                  says: [("Spare clothes for young children", "6-year-old")]),
    ]

    @Test(arguments: partyCases)
    func eachAgeGroupIsCountedForItself(_ trip: PartyCase) {
        let days = (0..<5).map { ForecastDay(date: Self.start.adding(days: $0), high: -8, low: -31, precipitationChance: $0 == 1 ? 70 : 10,
                                             hasSnow: $0 == 1, summary: $0 == 1 ? "Snow" : "Clear") }
        var context = PackingContext(start: Self.start, end: Self.start.adding(days: 4), activities: trip.activities, days: days,
                                     missingDays: [], latitude: 64.84, country: "US")
        context.party = trip.party
        context.placeName = "Fairbanks"
        let list = PackingCheck(context: context, destination: "Fairbanks", place: Self.fairbanks)
            .review(PackingRules.list(for: context), model: "built-in").list
        for (name, count) in trip.counts {
            let item = list.items.first { $0.name == name }
            #expect(item.map { $0.quantity ?? 1 } == count, "\(name): \(item.map { Self.said([$0]) } ?? "not on the list")")
        }
        for (name, words) in trip.says {
            let reason = list.items.first { $0.name == name }?.reason ?? ""
            #expect(reason.contains(words), "\(name): \(reason)")
        }
        let snowTrousers = list.items.first { $0.name.hasPrefix("Waterproof snow trousers") }
        #expect(snowTrousers?.reason.contains("adult") != true, "the children's, counted for them: \(snowTrousers?.reason ?? "")")
    }
}
