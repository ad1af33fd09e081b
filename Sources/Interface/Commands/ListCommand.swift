import Foundation

/// `plan list`.
public struct ListCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.List) async throws {
        let store = try context.openStore()
        let summaries = try await store.tripSummaries()
        if arguments.json {
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
