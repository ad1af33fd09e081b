import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 43: on a trip of several stops, each stop with water activities gets its own sea's temperature and the
/// suit its activities call for in it (it was asked only for a trip to one place: the stops' seas were dropped
/// where their forecasts were joined). Read as the traveller gets the list from the built-in engine.
@Suite struct SeaAtEachStopTests {
    typealias Trips = StopAndPersonClothingTests

    /// A stop and its sea (°C; nil: no sea asked or none there).
    struct Stop: Sendable {
        var stop: Trips.Stop
        var sea: Double?
    }

    /// The list a traveller reads for these stops, each forecast carrying its own sea.
    static func pack(_ stops: [Stop], party: TripParty = .single, home: String = "US") -> PackingList {
        var legs: [TripLeg] = []
        var day = Trips.start
        for (index, entry) in stops.enumerated() {
            legs.append(TripLeg(position: index + 1, destination: entry.stop.place.name, place: entry.stop.place, start: day,
                                end: day.adding(days: entry.stop.nights), activities: entry.stop.activities))
            day = day.adding(days: entry.stop.nights)
        }
        let forecasts: [(leg: TripLeg, forecast: Forecast?)] = zip(legs, stops).map { leg, entry in
            let days = (0...leg.nights).map { offset in
                ForecastDay(date: leg.start.adding(days: offset), high: entry.stop.high, low: entry.stop.low, precipitationChance: 10,
                            summary: "Sunny")
            }
            var forecast = Forecast(source: "open-meteo", url: "u", timeZone: "UTC", updatedAt: nil,
                                    fetchedAt: Date(timeIntervalSince1970: 1_800_000_000), days: days, alerts: [])
            forecast.sea = entry.sea.map { SeaTemperature(celsius: $0, from: leg.start, to: leg.end, isLastYear: false) }
            return (leg, forecast)
        }
        let joined = StopForecasts(forecasts)
        let trip = Trip(id: 1, name: "t", destination: legs[0].destination, place: legs[0].place, start: Trips.start, end: day,
                        activities: TripLeg.union(legs), createdAt: Date(timeIntervalSince1970: 0), legs: legs, party: party)
        let context = PackingContext(trip: trip, forecast: joined.forecast, traveller: Traveller(home: home), today: Trips.start.adding(days: -10))
        let outcome = PackingCheck(context: context, destination: trip.destination, place: trip.place)
            .review(PackingRules.list(for: context), model: "built-in")
        return joined.citingStops(outcome.list)
    }

    static func stop(_ name: String, _ country: String, _ latitude: Double, _ longitude: Double, nights: Int, high: Int, low: Int,
                     _ activities: [String], sea: Double? = nil) -> Stop {
        Stop(stop: Trips.Stop(place: Trips.place(name, country, latitude, longitude), nights: nights, high: high, low: low,
                              activities: activities), sea: sea)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let stops: [Stop]
        /// The suit's name (its start) and the stop and figure its reason names; nil: no suit, no rash guard.
        let suit: String?
        let cites: [String]
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Madrid, then surfing in Lisbon in a 16 °C sea", stops: [
            stop("Madrid", "ES", 40.42, -3.7, nights: 3, high: 60, low: 40, ["sightseeing"]),
            stop("Lisbon", "PT", 38.72, -9.14, nights: 4, high: 64, low: 52, ["surfing"], sea: 16),
        ], suit: "Full wetsuit, 3/2 mm", cites: ["Lisbon", "16°C"]),
        Case(label: "Mexico City, then diving at Cancún in a 27 °C sea", stops: [
            stop("Mexico City", "MX", 19.43, -99.13, nights: 3, high: 75, low: 50, ["museums"]),
            stop("Cancún", "MX", 21.16, -86.85, nights: 5, high: 86, low: 74, ["diving"], sea: 27),
        ], suit: "Wetsuit, 3 mm", cites: ["Cancún", "81°F"]),
        Case(label: "Surfing in Biarritz, then the same in Lisbon: the cooler sea's suit", stops: [
            stop("Biarritz", "FR", 43.48, -1.56, nights: 4, high: 62, low: 50, ["surfing"], sea: 15),
            stop("Lisbon", "PT", 38.72, -9.14, nights: 4, high: 64, low: 52, ["surfing"], sea: 16),
        ], suit: "Full wetsuit, 3/2 mm", cites: ["Biarritz", "15°C"]),
        Case(label: "Lisbon and Porto in town: a sea beside them, no water days", stops: [
            stop("Lisbon", "PT", 38.72, -9.14, nights: 4, high: 64, low: 52, ["sightseeing"], sea: 16),
            stop("Porto", "PT", 41.15, -8.61, nights: 3, high: 60, low: 48, ["museums"], sea: 15),
        ], suit: nil, cites: []),
    ]

    @Test(arguments: cases)
    func eachStopsSeaDressesItsWaterDays(_ trip: Case) {
        let list = Self.pack(trip.stops, home: trip.stops[0].stop.place.country == "MX" ? "US" : "GB")
        guard let name = trip.suit else {
            #expect(!list.items.contains { $0.name.lowercased().contains("wetsuit") || $0.name == "Rash guard" }, "\(list.items.map(\.name))")
            return
        }
        let suit = list.items.first { $0.name.hasPrefix(name) }
        #expect(suit != nil, "\(list.items.map(\.name))")
        for words in trip.cites {
            #expect(suit?.reason.contains(words) == true, "\(words): \(suit?.reason ?? "")")
        }
        #expect(list.items.filter { $0.name.lowercased().contains("wetsuit") }.count == 1, "\(list.items.map(\.name))")
    }
}
