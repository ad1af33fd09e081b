import Foundation
import LanguageModels
import Planner
import Store
import Tools

extension ShowCommand {
    /// `plan show` of a trip of several stops: the trip, then each stop with its own forecast chart (through
    /// the cache; the stop's pinned forecast when the service fails), then the one list.
    func showStops(_ trip: Trip, list: TravellerList, store: Store, service: ForecastService, context: Context) async throws {
        let (reports, failures) = try await stopReports(trip, store: store, service: service, context: context)
        let hasList = list.base != nil || !list.entries.isEmpty
        if json {
            var object = TripPrinter.json(trip, packed: list.base != nil).objectValue ?? [:]
            let forecasts = zip(trip.legs, reports).map { leg, report in
                report.map { ForecastPrinter.json($0, trip: Self.view(trip, at: leg)) } ?? .null
            }
            object["legs"] = Self.legsJSON(trip, forecasts: forecasts)
            object["forecast"] = forecasts.first ?? .null
            if let (leg, failure) = failures.first {
                object["forecastError"] = .string("stop \(leg.position) (\(leg.shortLabel)): " + ErrorReport(failure).message)
            }
            object["packingList"] = hasList ? ListPrinter.json(list) : .null
            context.printJSON(.object(object))
        } else {
            var lines = TripPrinter.details(trip, console: context.console)
            let units = try await context.traveller(store: store, tripID: trip.id).units
            for (leg, report) in zip(trip.legs, reports) {
                lines.append("")
                let nights = leg.nights == 1 ? "1 night" : "\(leg.nights) nights"
                lines.append(context.console.bold("  Stop \(leg.position): \(leg.place?.label ?? leg.destination)")
                             + " · \(leg.start.shortLabel) → \(leg.end.shortLabel), \(nights)" + TripPrinter.stopActivities(leg, of: trip))
                if let report {
                    lines += ForecastPrinter.lines(report, trip: Self.view(trip, at: leg), console: context.console, units: units)
                } else {
                    lines.append("  Forecast    none could be had for this stop")
                }
            }
            if hasList {
                lines.append("")
                lines += ListPrinter.lines(list, tripID: trip.id, console: context.console)
            }
            for line in lines { context.console.print(line) }
        }
        // show shows what is stored: each stop's service it could not ask is said, not an exit status.
        for (leg, failure) in failures {
            guard failure is ServiceError else { throw failure }
            context.console.warn("plan: stop \(leg.position) (\(leg.shortLabel)): " + ErrorReport(failure).message + " Showing what is pinned or cached.")
        }
    }

    /// Each stop's weather for its own dates (`StopDates`, as a pack asks it), through the cache; the stop's
    /// pinned forecast when the service fails (its alerts kept to the stop's days), else nil.
    func stopReports(
        _ trip: Trip, store: Store, service: ForecastService, context: Context
    ) async throws -> (reports: [ForecastReport?], failures: [(TripLeg, any Error)]) {
        var reports: [ForecastReport?] = []
        var failures: [(TripLeg, any Error)] = []
        for leg in trip.legs {
            guard let place = leg.place else {
                reports.append(nil)
                continue
            }
            do {
                reports.append(try await StopDates.report(for: leg, at: place, of: trip, from: service))
            } catch {
                failures.append((leg, error))
                if let id = place.id, let pinned = try await store.latestForecast(tripID: trip.id, placeID: id) {
                    let forecast = StopDates.keepingAlerts(try Forecast.fromJSON(pinned.forecast), from: leg.start, to: leg.end)
                    reports.append(ForecastReport(forecast: forecast, origin: .pinned))
                } else {
                    reports.append(nil)
                }
            }
            context.console.endProgress()
        }
        return (reports, failures)
    }

    /// The trip seen from one stop: its dates are the stop's (the forecast printers read a trip's dates).
    static func view(_ trip: Trip, at leg: TripLeg) -> Trip {
        var view = trip
        view.start = leg.start
        view.end = leg.end
        view.place = leg.place
        return view
    }

    /// `legs` of `show --json`: each stop's place, dates and forecast (null when none could be had).
    static func legsJSON(_ trip: Trip, forecasts: [JSONValue]) -> JSONValue {
        .array(zip(trip.legs, forecasts + Array(repeating: JSONValue.null, count: max(0, trip.legs.count - forecasts.count))).map { leg, forecast in
            var object = TripPrinter.json(leg).objectValue ?? [:]
            object["forecast"] = forecast
            return .object(object)
        })
    }
}
