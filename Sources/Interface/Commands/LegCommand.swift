import FoundationEssentials
import Model
import PlanKit
import Rendering

/// `plan leg`: a trip's stops. It only names its subcommands, `add` and `rm`; run alone it says which there are.
public struct LegCommand: RunnableCommand {
    public static let path = ["leg"]

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "A trip's stops: add one, remove one",
            discussion: "add puts a new stop after the trip's last; rm removes one (see 'plan show' for their numbers).",
            overview: [.init("leg add|rm", "Add a stop at the end of a trip, or remove one")],
            section: .trips,
            isGroup: true
        )
    }

    public static var subcommands: [any RunnableCommand.Type] { [LegAddCommand.self, LegRemoveCommand.self] }

    /// Never called: a group's parser asks for one of its subcommands.
    public func run(_ context: Context) async throws {}

    /// Writes the change `change` makes to the trip as it is now, then prints the trip (`leg add`, `leg rm`).
    static func save(
        tripID: Int, verb: String, json: Bool, context: Context, _ change: (Trip) throws -> (legs: [TripLeg], note: String)
    ) async throws {
        let written = try await context.app.editTrip(tripID) { current in
            let (legs, note) = try change(current)
            let name = EditCommand.hasDefaultName(current) ? legs.map(\.destination).joined(separator: " → ") : nil
            return TripChange(name: name, legs: legs, note: note)
        }
        guard let written else { throw CLIError.noSuchTrip(tripID) }
        try await TripChangeOutput(context: context).print(written.trip, verb: verb, note: written.change.note, json: json)
    }

    /// Runs a stop's arithmetic, reporting its refusal as a usage error (exit 64).
    static func usage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TripEditError {
            throw CLIError.usage(error.message, command: "leg")
        }
    }
}
