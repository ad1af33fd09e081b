import FoundationEssentials
import Model
import Planner
import Store
import Tools

/// A trip's checklist as a page shows it: the trip, its weather a line a day (the figures `plan show` gives, in
/// the traveller's units) and its list as the traveller has it now (ticks, own items, partly packed items).
public struct TripChecklist: Sendable {
    /// One day's weather at one stop.
    public struct Day: Sendable, Equatable {
        /// The stop's short name ("Denver"), for a trip of several stops; nil for a trip of one.
        public let stop: String?
        /// "Thu Dec 3: 34/18°F, Snow Showers Likely, 80% precip, wind 15 mph, gusts 35".
        public let line: String
    }

    /// The trip.
    public let trip: Trip
    /// Its list now.
    public let list: TravellerList
    /// Its days' weather, in order (empty when no forecast could be had).
    public let days: [Day]
    /// Why some stop's weather is missing or old, in a line each.
    public let weatherNotes: [String]

    public init(trip: Trip, list: TravellerList, days: [Day], weatherNotes: [String]) {
        self.trip = trip
        self.list = list
        self.days = days
        self.weatherNotes = weatherNotes
    }

    /// The weather lines of `weather`, each day of each stop once, in `units`.
    static func days(_ weather: ShownWeather, trip: Trip, units: MeasurementUnits) -> [Day] {
        var days: [Day] = []
        for stop in weather.stops {
            guard let report = stop.report else { continue }
            let view = trip.hasStops ? ShownWeather.view(trip, at: stop.leg) : trip
            for day in report.forecast.days(from: view.start, to: view.end) {
                days.append(Day(stop: trip.hasStops ? stop.leg.name : nil, line: day.compactLine(units: units)))
            }
        }
        return days
    }
}
