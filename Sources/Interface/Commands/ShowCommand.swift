import Foundation
import Planner
import Store
import Tools

/// `plan show <trip> [--fresh] [--offline]`, and `--markdown` / `--csv` (the stored list alone).
public struct ShowCommand: RunnableCommand {
    public static let path = ["show"]

    public var trip = 0
    public var network = NetworkOptions()
    public var json = false
    public var markdown = false
    public var csv = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "A trip, its place, forecast and packing list",
            discussion: """
                Shows a trip: its resolved place, dates and activities; the forecast for the
                trip's days at a glance, one line a day on a shared temperature scale (the low to
                high range as a bar, the chance of precipitation, a mark for snow, rain, thunder,
                wind or heat), with its source and age ("NWS, fetched 12 min ago (cached)"); and the
                latest packing list. The forecast comes through the cache: within its lifetime no
                request is made. If the service fails, a stale copy is shown with its age, else the
                forecast pinned at the last pack; with nothing at all the trip is still shown and
                plan exits 69.

                The list is numbered, with [x] for what you ticked ('plan check 1 3 socks') and
                "12 of 30 packed"; your own items are on it ('plan item add'). --markdown and --csv
                print the stored list alone: no forecast, no network, no new session.
                """,
            parameters: [
                [.trip(\.trip)],
                .group(\.network, NetworkOptions.parameters),
                .exclusive([
                    .flag("json", \.json, help: #"the trip, "forecast" (days, source, age) and "packingList""#),
                    .flag("markdown", \.markdown, help: "the stored list as a Markdown checklist (no forecast, no network)"),
                    .flag("csv", \.csv, help: "the stored list as CSV: name, quantity, category, packed, own, reason"),
                ]),
            ],
            section: .trips,
            examples: ["plan show 1", "plan show 1 --markdown > list.md", "plan show 1 --csv > list.csv"]
        )
    }

    public func run(_ context: Context) async throws {
        let id = self.trip
        let store = try context.openStore()
        guard let trip = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        let list = try await ListKeeper(store: store).list(for: trip)
        if markdown || csv {
            // The stored list alone: no forecast, no network, no session.
            try ListOutput(context: context).document(list, trip: trip, csv: csv)
            return
        }
        let service = try context.forecastService(
            store: store, fresh: network.fresh, offline: network.offline, sea: PackingRules.asksTheSea(trip.activities)
        )
        if trip.hasStops { return try await showStops(trip, list: list, store: store, service: service, context: context) }

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

        if json {
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
        if let failure {
            // show shows what is stored: a service it could not ask is said, not an exit status.
            guard failure is ServiceError else { throw failure }
            let shown = report == nil ? " Showing the trip without a forecast; run it again when the service answers."
                : " Showing the forecast pinned at the last pack."
            context.console.warn("plan: " + ErrorReport(failure).message + shown)
        }
    }
}
