import FoundationEssentials
import Model
import Rendering

/// `plan rm <trip> [--yes]`. On a terminal it names what goes and asks first; `--yes`, or stdin that is not
/// a terminal (a script), deletes at once.
public struct RemoveCommand: RunnableCommand {
    public static let path = ["rm"]

    public var trip = 0
    public var yes = false
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Delete a trip and its sessions",
            discussion: """
                Deletes a trip with its sessions, pinned forecasts and packing lists. On a
                terminal it first names what will go and asks [y/N]: Enter, or anything but
                y or yes, keeps the trip. With --yes, or when stdin is not a terminal (a
                script), it deletes at once.
                """,
            parameters: [[
                .trip(\.trip),
                .flag("yes", \.yes, help: "delete without asking"),
                .flag("json", \.json, help: #"print {"deleted": <id>}"#),
            ]],
            section: .trips,
            examples: ["plan rm 3", "plan rm 3 --yes"]
        )
    }

    public func run(_ context: Context) async throws {
        let id = self.trip
        guard let trip = try await context.app.trip(id) else { throw CLIError.noSuchTrip(id) }
        if !yes && context.console.isStdinTerminal {
            let footprint = try await context.app.tripFootprint(id)
            let what = Self.description(trip, lists: footprint.lists, sessions: footprint.sessions)
            guard context.console.confirm("Delete \(what)?") else {
                context.console.warn("Kept trip \(id).")
                if json { context.printJSON(["deleted": .null, "kept": .number(Double(id))]) }
                return
            }
        }
        guard try await context.app.deleteTrip(id) else { throw CLIError.noSuchTrip(id) }
        if json {
            context.printJSON(["deleted": .number(Double(id))])
        } else {
            context.console.print("Deleted trip \(id): \(trip.name)")
        }
    }

    /// "trip 3, Denver, CO, Thu Dec 3 → Sun Dec 6, its packing list and 4 sessions".
    static func description(_ trip: Trip, lists: Int, sessions: Int) -> String {
        var text = "trip \(trip.id), \(trip.name)"
        if trip.name != trip.placesLabel && trip.name != trip.destination { text += " (\(trip.placesLabel))" }
        text += ", \(trip.start.shortLabel) → \(trip.end.shortLabel)"
        var parts: [String] = []
        if lists == 1 { parts.append("its packing list") } else if lists > 1 { parts.append("its \(lists) packing lists") }
        if sessions == 1 { parts.append("1 session") } else if sessions > 1 { parts.append("\(sessions) sessions") }
        if !parts.isEmpty { text += ", " + parts.joined(separator: " and ") }
        return text
    }
}
