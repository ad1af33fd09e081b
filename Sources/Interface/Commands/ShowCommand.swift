import Foundation
import Planner
import Store
import Tools

/// `plan show <trip> [--fresh] [--offline]`, and `--markdown` / `--csv` (the stored list alone).
public struct ShowCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.Show) async throws {
        let id = arguments.trip
        let store = try context.openStore()
        guard let trip = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        let list = try await ListKeeper(store: store).list(for: trip)
        if arguments.markdown || arguments.csv {
            // The stored list alone: no forecast, no network, no session.
            try ListOutput(context: context).document(list, trip: trip, csv: arguments.csv)
            return
        }
        let service = try context.forecastService(
            store: store, fresh: arguments.network.fresh, offline: arguments.network.offline, sea: PackingRules.asksTheSea(trip.activities)
        )
        if trip.hasStops { return try await showStops(trip, list: list, arguments: arguments, store: store, service: service) }

        var report: ForecastReport?
        var failure: (any Error)?
        if let place = trip.place {
            do {
                report = try await service.forecast(for: place, from: trip.start, to: trip.end)
            } catch {
                failure = error
                if let pinned = try await store.latestForecast(tripID: trip.id) {
                    report = ForecastReport(
                        forecast: try Forecast.fromJSON(pinned.forecast), origin: .pinned
                    )
                }
            }
            context.console.endProgress()
        }
        let hasList = list.base != nil || !list.entries.isEmpty

        if arguments.json {
            var object = TripPrinter.json(trip, packed: list.base != nil).objectValue ?? [:]
            object["forecast"] = report.map { ForecastPrinter.json($0, trip: trip) } ?? .null
            object["legs"] = Self.legsJSON(trip, forecasts: [object["forecast"] ?? .null])
            if let failure { object["forecastError"] = .string(ErrorReport(failure).message) }
            object["packingList"] = hasList ? ListPrinter.json(list) : .null
            context.printJSON(.object(object))
        } else {
            var lines = TripPrinter.details(trip, console: context.console)
            if let report {
                let units = try await context.traveller(store: store, tripID: trip.id).units
                lines += ForecastPrinter.lines(report, trip: trip, console: context.console, units: units)
            }
            if hasList {
                lines.append("")
                lines += ListPrinter.lines(list, tripID: trip.id, console: context.console)
            }
            for line in lines { context.console.print(line) }
        }
        if let failure, report == nil {
            throw failure
        } else if let failure {
            context.console.warn("plan: " + ErrorReport(failure).message + " Showing the forecast pinned at the last pack.")
        }
    }
}
