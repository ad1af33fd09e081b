import Foundation
import Store
import Tools

/// `plan show <trip> [--fresh] [--offline]`.
struct ShowCommand {
    let context: Context
    static let spec = CommandSpec(
        name: "show", valueOptions: [], flags: ["json", "fresh", "offline"], positionals: 1...1
    )

    func run(_ arguments: [String]) async throws {
        let parsed = try ArgumentParser.parse(arguments, spec: Self.spec)
        if context.printHelpIfAsked(parsed, command: "show") { return }
        let id = try ArgumentParser.id(parsed.positionals[0], what: "trip", command: "show")
        if parsed.has("fresh") && parsed.has("offline") {
            throw CLIError.usage("--fresh and --offline cannot go together.", command: "show")
        }
        let store = try context.openStore()
        guard let trip = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        let service = try context.forecastService(store: store, fresh: parsed.has("fresh"), offline: parsed.has("offline"))

        var report: ForecastReport?
        var failure: (any Error)?
        if let place = trip.place {
            do {
                report = try await service.forecast(for: place)
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
        let packing = try await store.latestPackingList(tripID: trip.id)

        if parsed.has("json") {
            var object = TripPrinter.json(trip, packed: packing != nil).objectValue ?? [:]
            object["forecast"] = report.map { ForecastPrinter.json($0, trip: trip) } ?? .null
            if let failure { object["forecastError"] = .string(ErrorReport(failure).message) }
            object["packingList"] = packing.map { PackingPrinter.json($0) } ?? .null
            context.printJSON(.object(object))
        } else {
            var lines = TripPrinter.details(trip, console: context.console)
            if let report {
                lines += ForecastPrinter.lines(report, trip: trip, console: context.console)
            }
            if let packing {
                lines.append("")
                lines += PackingPrinter.lines(packing, console: context.console)
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
