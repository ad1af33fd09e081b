import FoundationEssentials
import Model
import PlanKit
import Rendering

/// `plan leg rm <trip> <n>`: one stop fewer.
public struct LegRemoveCommand: RunnableCommand {
    public static let path = ["leg", "rm"]

    public var trip = 0
    public var leg = 0
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Remove one stop of a trip",
            discussion: """
                Removes stop <n>. Removing the first or the last stop shortens the trip; a stop
                in the middle gives its days to the stop before it. A trip keeps at least one
                stop (delete it with 'plan rm').
                """,
            parameters: [[
                .trip(\.trip),
                .argument("n", \.leg, help: "the stop's number, as 'plan show' prints it") {
                    let number = try ArgumentText.id($0, what: "stop", context: $1)
                    guard (1...TripLeg.maximumCount).contains(number) else {
                        throw $1.error("<n> must be a stop number from 1 to \(TripLeg.maximumCount).")
                    }
                    return number
                },
                .flag("json", \.json, help: "print the changed trip as JSON"),
            ]],
            section: .trips,
            examples: ["plan leg rm 3 2"]
        )
    }

    public func run(_ context: Context) async throws {
        try await LegCommand.save(tripID: trip, verb: "Removed a stop from", json: json, context: context) { current in
            let legs = try LegCommand.usage { try TripEdit.removing(leg, from: current) }
            return (legs, "stop \(leg) \(current.legs[leg - 1].shortLabel) removed")
        }
    }
}
