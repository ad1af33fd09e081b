import FoundationEssentials
import PlanKit
import Rendering

/// `plan item add <trip> <name>`: an item of the traveller's own on a trip's list.
public struct ItemAddCommand: RunnableCommand {
    public static let path = ["item", "add"]

    public var trip = 0
    public var name = ""
    public var quantity: Int?
    public var category: String?
    public var always = false
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Put an item of your own on a trip's list",
            discussion: """
                Puts an item of yours on the trip's list, marked as yours; it stays through every
                re-pack. An item already on the list becomes yours, with the quantity and
                category given. --always remembers it for every later trip, whatever the engine
                (see 'plan prefs').
                """,
            parameters: [
                [
                    .trip(\.trip),
                    .argument("name", \.name, help: "the item's name (quote it when it has spaces)"),
                ],
                [
                    .option("quantity", \.quantity, value: "<n>", help: "how many (1 to 999)") {
                        try ArgumentText.number($0, option: "quantity", range: 1...999, context: $1)
                    },
                    .option("category", \.category, value: "<c>", help: "where it goes on the list (default: Your items)",
                            completion: .choices(PackingVocabulary.categories)),
                    .flag("always", \.always, help: "bring it on every later trip too"),
                    .flag("json", \.json, help: "print the item as JSON"),
                ],
            ],
            section: .packing,
            examples: [
                #"plan item add 1 "CPAP machine" --category Health --always"#,
                #"plan item add 1 "Wool socks" --quantity 4 --category Clothing"#,
            ]
        )
    }

    public func run(_ context: Context) async throws {
        guard try await context.app.trip(trip) != nil else { throw CLIError.noSuchTrip(trip) }
        let (entry, wasOnList) = try await context.app.addItem(
            tripID: trip, name: name, quantity: quantity, category: category,
            always: always
        )
        if json {
            var object = ListPrinter.entryJSON(entry, trip: trip).objectValue ?? [:]
            object["always"] = .bool(always)
            object["wasOnList"] = .bool(wasOnList)
            context.printJSON(.object(object))
            return
        }
        let what = "\(entry.number) \(entry.item.label) (\(entry.item.category))"
        var line = wasOnList ? "On trip \(trip)'s list and now yours: \(what)" : "Added to trip \(trip): \(what)"
        if always { line += "; on every later trip too" }
        context.console.print(line + ".")
    }
}
