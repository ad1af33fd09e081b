import FoundationEssentials
import JSON
import Planner
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
        if json {
            context.printJSON(.array(ActivityKits.all.map { kit in
                [
                    "name": .string(kit.name), "aliases": .array(kit.aliases.map(JSONValue.string)),
                    "group": .string(kit.group.rawValue),
                    "wear": .array(ClothingNeed.allCases.filter { kit.wear.contains($0) }.map { .string($0.label) }),
                    "gear": .array(kit.gear.map { .string($0.name) }),
                    "notice": .from(kit.notice),
                ]
            }))
            return
        }
        let console = context.console
        for group in ActivityKit.Group.allCases {
            let kits = ActivityKits.all.filter { $0.group == group }
            guard !kits.isEmpty else { continue }
            console.print(console.bold(group.title))
            for kit in kits {
                let aliases = kit.aliases.isEmpty ? "" : console.dim(" (" + kit.aliases.joined(separator: ", ") + ")")
                console.print("  \(kit.name)\(aliases)")
                let wear = ClothingNeed.allCases.filter { kit.wear.contains($0) }.map(\.label)
                console.print("      " + (wear + kit.gear.map { $0.name.prefix(1).lowercased() + $0.name.dropFirst() }).joined(separator: ", "))
            }
        }
        console.print()
        console.print(console.dim("\(ActivityKits.all.count) activities. Use any name or alias: plan add <place> --from <date> --to <date> --activities ski,wedding"))
    }
}
