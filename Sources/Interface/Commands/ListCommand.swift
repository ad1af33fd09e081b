import FoundationEssentials
import Rendering

/// `plan list`: the trips, newest first.
public struct ListCommand: RunnableCommand {
    public static let path = ["list"]
    public static let aliases = ["ls"]

    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, aliases: aliases, summary: "Your trips, newest first",
            discussion: """
                Lists trips, newest first: id, name, destination, dates, and whether a packing
                list exists (✓).
                """,
            parameters: [[.flag("json", \.json, help: "print an array of trips")]],
            section: .trips
        )
    }

    public func run(_ context: Context) async throws {
        let summaries = try await context.app.tripSummaries()
        if json {
            context.printJSON(.array(summaries.map { TripPrinter.json($0.trip, packed: $0.hasPackingList) }))
            return
        }
        guard !summaries.isEmpty else {
            context.console.print("No trips yet. Add one with: plan add \"Denver, CO\" --from <date> --to <date>")
            return
        }
        let console = context.console
        let rows = summaries.map { summary -> [String] in
            let trip = summary.trip
            return [
                "\(trip.id)", trip.name, trip.placesLabel,
                "\(trip.start) → \(trip.end)", summary.hasPackingList ? "✓" : "",
            ]
        }
        let header = ["ID", "NAME", "PLACE", "DATES", "PACKED"]
        for (index, row) in TripPrinter.table([header] + rows).enumerated() {
            console.print(index == 0 ? console.bold(row) : row)
        }
    }
}
