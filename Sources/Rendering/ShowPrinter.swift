import FoundationEssentials
import JSON
import Model
import PlanKit

/// A trip as `show` gives it, whatever the front end (`plan show`, MCP's show_trip): its details, each stop's
/// weather (`ShownWeather`) and its list, as lines and as the JSON of `plan show --json`.
public enum ShowPrinter {
    /// The document of `show --json`: the trip, "forecast" (the first stop's), "legs" (each stop's, with its
    /// forecast), "forecastError" (the first stop whose service failed) and "packingList".
    public static func json(_ trip: Trip, list: TravellerList, weather: ShownWeather) -> JSONValue {
        var object = TripPrinter.json(trip, packed: list.base != nil).objectValue ?? [:]
        let forecasts = trip.legs.map { leg in
            weather.stops.first { $0.leg.position == leg.position }?.report
                .map { ForecastPrinter.json($0, trip: ShownWeather.view(trip, at: leg)) } ?? .null
        }
        object["forecast"] = forecasts.first ?? .null
        object["legs"] = .array(zip(trip.legs, forecasts).map { leg, forecast in
            var object = TripPrinter.json(leg).objectValue ?? [:]
            object["forecast"] = forecast
            return .object(object)
        })
        if let failed = weather.failures.first, let failure = failed.failure {
            object["forecastError"] = .string(failureLine(failure, at: failed.leg, of: trip))
        }
        object["packingList"] = hasList(list) ? ListPrinter.json(list) : .null
        return .object(object)
    }

    /// The lines of `show`: the trip's details, the forecast (each stop's under its heading on a trip of
    /// several), then the list.
    public static func lines(
        _ trip: Trip, list: TravellerList, weather: ShownWeather, console: any TextStyling, units: MeasurementUnits
    ) -> [String] {
        var lines = TripPrinter.details(trip, console: console)
        if trip.hasStops {
            for leg in trip.legs {
                lines.append("")
                let nights = leg.nights == 1 ? "1 night" : "\(leg.nights) nights"
                lines.append(console.bold("  Stop \(leg.position): \(leg.place?.label ?? leg.destination)")
                             + " · \(leg.start.shortLabel) → \(leg.end.shortLabel), \(nights)" + TripPrinter.stopActivities(leg, of: trip))
                if let report = weather.stops.first(where: { $0.leg.position == leg.position })?.report {
                    lines += ForecastPrinter.lines(report, trip: ShownWeather.view(trip, at: leg), console: console, units: units)
                } else {
                    lines.append("  Forecast    none could be had for this stop")
                }
            }
        } else if let report = weather.stops.first?.report {
            lines += ForecastPrinter.lines(report, trip: trip, console: console, units: units)
        }
        if hasList(list) {
            lines.append("")
            lines += ListPrinter.lines(list, tripID: trip.id, console: console)
        }
        return lines
    }

    /// A stop's failure in one line: "stop 2 (Moab, UT): …" on a trip of several stops, the message alone on one.
    public static func failureLine(_ failure: any Error, at leg: TripLeg, of trip: Trip) -> String {
        (trip.hasStops ? "stop \(leg.position) (\(leg.shortLabel)): " : "") + ErrorReport(failure).message
    }

    /// Whether there is a list to show: a made one, or the traveller's own items.
    static func hasList(_ list: TravellerList) -> Bool {
        list.base != nil || !list.entries.isEmpty
    }
}
