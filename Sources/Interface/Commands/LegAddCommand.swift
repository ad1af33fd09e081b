import FoundationEssentials
import Model
import PlanKit
import Rendering

/// `plan leg add <trip> <place> --to <date>`: a stop after the trip's last.
public struct LegAddCommand: RunnableCommand {
    public static let path = ["leg", "add"]

    public var trip = 0
    public var place = ""
    public var to: CalendarDate?
    public var activities: String?
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Add a stop at the end of a trip",
            discussion: """
                Adds a stop after the trip's last: it starts the day the trip ended and lasts
                to --to. The place is resolved now; the packing list is out of date until the
                next pack.
                """,
            parameters: [[
                .trip(\.trip),
                .argument("place", \.place, help: "where the new stop is"),
                .option("to", \.to, value: "<date>", help: "the new stop's last day", required: true) {
                    try ArgumentText.date($0, option: "to", context: $1)
                },
                .option("activities", \.activities, value: "a,b", help: "what you will do at the new stop"),
                .flag("json", \.json, help: "print the changed trip as JSON"),
            ]],
            section: .trips,
            examples: [#"plan leg add 3 "Moab, UT" --to 2026-12-08 --activities hiking"#]
        )
    }

    public func run(_ context: Context) async throws {
        guard let trip = try await context.app.trip(self.trip) else { throw CLIError.noSuchTrip(self.trip) }
        let destination = try AddCommand.destination(self.place, command: "leg add")
        guard let end = to else { throw CLIError.usage("missing --to <date>.", command: "leg add") }
        let activities = try AddCommand.activities(self.activities, command: "leg add")
        _ = try LegCommand.usage { try TripEdit.adding(destination, place: nil, end: end, to: trip) }
        let place = try await context.resolve(destination)
        // The stop is added to the trip as it is after the lookup, not to the copy read before it.
        try await LegCommand.save(tripID: trip.id, verb: "Added a stop to", json: json, context: context) { current in
            var legs = try LegCommand.usage { try TripEdit.adding(destination, place: place, end: end, to: current) }
            legs[legs.count - 1].activities = activities
            let added = legs[legs.count - 1]
            let doing = activities.isEmpty ? "" : ", " + activities.joined(separator: ", ")
            return (legs, "stop \(added.position) \(added.shortLabel) added (\(TripEdit.span(added))\(doing))")
        }
    }
}
