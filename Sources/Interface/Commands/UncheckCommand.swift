import FoundationEssentials
import Rendering

/// `plan uncheck <trip> <item>…` or `--all`: unticks items on a trip's list.
public struct UncheckCommand: RunnableCommand {
    public static let path = ["uncheck"]
    public static let aliases = ["untick"]

    public var trip = 0
    public var items: [String] = []
    public var all = false
    /// `--name`: every item given is a name, digits too ("42").
    public var byName = false
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, aliases: aliases, summary: "Untick items on a trip's list",
            discussion: """
                Unticks items on the trip's packing list, named as for 'plan check': a number as
                'plan show' prints it, or a name (any case, a unique start is enough). --all
                unticks every item.
                """,
            parameters: [
                [
                    .trip(\.trip),
                    .words("item", \.items, help: "an item's number or name (or the unique start of a name)", maximum: 500,
                           unit: "items", required: false),
                ],
                [
                    .flag("all", \.all, help: "untick every item on the list"),
                    .flag("name", \.byName, help: #"read the items as names, digits too ("42" the item named so)"#),
                    .flag("json", \.json, help: #"print {"trip", "changed", "unchanged", "packed", "total"}"#),
                ],
            ],
            forms: ["<trip> <item>…", "<trip> --all"],
            overview: [.init("uncheck <trip> <item>…", "Untick items on a trip's list")],
            section: .packing,
            examples: ["plan uncheck 1 3", "plan uncheck 1 --all"],
            rules: [
                ArgumentRule("--name goes with items") { arguments in
                    arguments.byName && arguments.items.isEmpty ? "--name reads the items given as names; give the items." : nil
                },
                ArgumentRule("items or --all, one of them") { arguments in
                    if arguments.all { return arguments.items.isEmpty ? nil : "--all takes no items; give items or --all." }
                    return arguments.items.isEmpty ? "name the items to untick (numbers or names), or give --all." : nil
                },
            ]
        )
    }

    public func run(_ context: Context) async throws {
        try await ItemTicks(
            trip: trip, items: items, all: all, byName: byName, markdownFile: nil, json: json, packed: false
        ).run(context)
    }
}
