import FoundationEssentials
import Model
import PlanKit
import Rendering

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
                forecast pinned at the last pack; with nothing at all the trip is still shown, with
                a warning on stderr (the exit status is 0: show shows what is stored).

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
        guard let trip = try await context.app.trip(id) else { throw CLIError.noSuchTrip(id) }
        let list = try await context.app.list(for: trip)
        if markdown || csv {
            // The stored list alone: no forecast, no network, no session.
            try ListOutput(context: context).document(list, trip: trip, csv: csv)
            return
        }
        let console = context.console
        let weather = try await context.app.shownWeather(for: trip, fresh: network.fresh, offline: network.offline) {
            console.endProgress()
        }
        if json {
            context.printJSON(ShowPrinter.json(trip, list: list, weather: weather))
        } else {
            let units = try await context.app.units(tripID: trip.id)
            for line in ShowPrinter.lines(trip, list: list, weather: weather, console: console, units: units) {
                console.print(line)
            }
        }
        // show shows what is stored: a service it could not ask is said, not an exit status.
        for stop in weather.failures {
            guard let failure = stop.failure else { continue }
            guard stop.isServiceFailure else { throw failure }
            let shown = trip.hasStops ? " Showing what is pinned or cached."
                : stop.report == nil ? " Showing the trip without a forecast; run it again when the service answers."
                : " Showing the forecast pinned at the last pack."
            console.warn("plan: " + ShowPrinter.failureLine(failure, at: stop.leg, of: trip) + shown)
        }
    }
}
