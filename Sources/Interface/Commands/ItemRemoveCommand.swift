import FoundationEssentials
import PlanKit
import Rendering

/// `plan item rm <trip> <item>`: an item off a trip's list (`--never`: off every later list).
public struct ItemRemoveCommand: RunnableCommand {
    public static let path = ["item", "rm"]
    public static let aliases = ["remove"]

    public var trip = 0
    public var item = ""
    public var never = false
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, aliases: aliases, summary: "Take an item off a trip's list",
            discussion: """
                Takes an item off the trip's list (named as for 'plan check'); it stays off
                through re-packs of this trip. --never also leaves it off every later list,
                whatever the engine suggests (see 'plan prefs').
                """,
            parameters: [
                [
                    .trip(\.trip),
                    .argument("item", \.item, help: "the item's number or name"),
                ],
                [
                    .flag("never", \.never, help: "never suggest it again, on any trip"),
                    .flag("json", \.json, help: "print the item taken off as JSON"),
                ],
            ],
            section: .packing,
            examples: ["plan item rm 1 umbrella --never", "plan item rm 1 14"]
        )
    }

    public func run(_ context: Context) async throws {
        guard try await context.app.trip(trip) != nil else { throw CLIError.noSuchTrip(trip) }
        let entry = try await context.app.removeItem(tripID: trip, reference: item, never: never)
        if json {
            var object = ListPrinter.entryJSON(entry, trip: trip).objectValue ?? [:]
            object["never"] = .bool(never)
            context.printJSON(.object(object))
            return
        }
        var line = "Took \(entry.item.label) off trip \(trip)'s list"
        if never {
            line += "; never suggested again ('plan prefs rm \"\(entry.item.name)\"' undoes that)"
        }
        context.console.print(line + ".")
    }
}
