import FoundationEssentials
import JSON
import PlanKit
import Rendering

/// `plan activities`: the activities plan knows, with their aliases and what each adds.
public struct ActivitiesCommand: RunnableCommand {
    public static let path = ["activities"]

    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "The activities plan knows, and what each adds",
            discussion: """
                Lists the activities that add and pack know, by kind (water, snow, outdoors, town,
                occasions, people, trip styles), with their aliases and what each adds to a list:
                garments (chosen with the weather, never stacked) and gear. A word plan does not
                know is named in a note on the list, never made into an item.
                """,
            parameters: [[.flag("json", \.json, help: "print an array of activities with aliases, wear and gear")]],
            section: .packing,
            examples: ["plan activities", "plan activities --json"]
        )
    }

    public func run(_ context: Context) async throws {
        let activities = KnownActivity.all
        if json {
            context.printJSON(.array(activities.map { kit in
                [
                    "name": .string(kit.name), "aliases": .array(kit.aliases.map(JSONValue.string)),
                    "group": .string(kit.group), "wear": .array(kit.wear.map(JSONValue.string)),
                    "gear": .array(kit.gear.map(JSONValue.string)), "notice": .from(kit.notice),
                ]
            }))
            return
        }
        let console = context.console
        var group: String?
        for kit in activities {
            if kit.group != group {
                console.print(console.bold(kit.groupTitle))
                group = kit.group
            }
            let aliases = kit.aliases.isEmpty ? "" : console.dim(" (" + kit.aliases.joined(separator: ", ") + ")")
            console.print("  \(kit.name)\(aliases)")
            console.print("      " + (kit.wear + kit.gear.map { $0.prefix(1).lowercased() + $0.dropFirst() }).joined(separator: ", "))
        }
        console.print()
        console.print(console.dim("\(activities.count) activities. Use any name or alias: plan add <place> --from <date> --to <date> --activities ski,wedding"))
    }
}
