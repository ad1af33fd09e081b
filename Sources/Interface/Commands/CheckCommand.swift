import FoundationEssentials
import Rendering

/// `plan check <trip> <item>…`, `--all` or `--from-markdown <file>`: ticks items off a trip's list.
public struct CheckCommand: RunnableCommand {
    public static let path = ["check"]
    public static let aliases = ["tick"]

    public var trip = 0
    public var items: [String] = []
    public var all = false
    /// `--name`: every item given is a name, digits too ("42").
    public var byName = false
    /// `--from-markdown <file>` (check only).
    public var markdownFile: String?
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, aliases: aliases, summary: "Tick items off a trip's list as you pack",
            discussion: """
                Ticks items on the trip's packing list. An item is its number as 'plan show'
                prints it, or its name in any case; the start of the name, or of a word in it
                ("umbrella" for "Compact umbrella"), is enough when only one item fits. Quote a
                name with spaces ("rain jacket"). A name that fits several items, or none, exits
                64 naming the candidates, and nothing is ticked.
                Digits are a number; --name reads them as a name (an item named "42").
                --all ticks every item. --from-markdown reads a checklist back (the Markdown that
                'plan show' prints, edited elsewhere): what is ticked there is ticked here, what
                is not is unticked; lines naming no item on the list are reported and skipped.
                Ticks follow an item by name to the next list when you pack again.
                """,
            parameters: [
                [
                    .trip(\.trip),
                    .words("item", \.items, help: "an item's number or name (or the unique start of a name)", maximum: 500,
                           unit: "items", required: false),
                ],
                [
                    .flag("all", \.all, help: "tick every item on the list"),
                    .flag("name", \.byName, help: #"read the items as names, digits too ("42" the item named so)"#),
                    .option("from-markdown", \.markdownFile, value: "<file>", help: "tick what this Markdown checklist ticks",
                            completion: .files),
                    .flag("json", \.json, help: #"print {"trip", "changed", "unchanged", "packed", "total"}"#),
                ],
            ],
            forms: ["<trip> <item>…", "<trip> --all", "<trip> --from-markdown <file>"],
            overview: [.init("check <trip> <item>…", "Tick items off a trip's list as you pack")],
            section: .packing,
            examples: [
                "plan check 1 3 7 12", #"plan check 1 socks "rain jacket""#, "plan check 1 sun",
                "plan check 1 --from-markdown list.md",
            ],
            rules: [
                ArgumentRule("--from-markdown goes alone: no items, no --all") { arguments in
                    arguments.markdownFile != nil && (!arguments.items.isEmpty || arguments.all)
                        ? "--from-markdown goes alone: no items and no --all." : nil
                },
                ArgumentRule("--name goes with items") { arguments in
                    arguments.byName && arguments.items.isEmpty ? "--name reads the items given as names; give the items." : nil
                },
                ArgumentRule("items or --all or --from-markdown, one of them") { arguments in
                    if arguments.markdownFile != nil { return nil }
                    if arguments.all { return arguments.items.isEmpty ? nil : "--all takes no items; give items or --all." }
                    return arguments.items.isEmpty ? "name the items to tick (numbers or names), or give --all." : nil
                },
            ]
        )
    }

    public func run(_ context: Context) async throws {
        // The declaration's rules let through exactly one of items, --all and --from-markdown.
        try await ItemTicks(
            trip: trip, items: items, all: all, byName: byName, markdownFile: markdownFile, json: json, packed: true
        ).run(context)
    }
}
