import FoundationEssentials
import Basics
import JSON
import Model
import PlanKit
import Rendering

/// `plan prefs`: what plan remembers (items always or never brought); `prefs rm` is its subcommand.
public struct PrefsCommand: RunnableCommand {
    public static let path = ["prefs"]

    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "What plan remembers: items you always or never bring",
            discussion: """
                Lists the items you always bring and the ones you never want suggested (chosen
                with 'plan item add' and 'plan item rm'; see their --help), with when and on which
                trip you chose. They apply to every list made afterwards, from the built-in engine
                or a model.
                """,
            parameters: [[.flag("json", \.json, help: #"print an array of {"name", "choice", "quantity", "category", "since", "trip"}"#)]],
            overview: [
                .init("prefs", "What plan remembers: items you always or never bring"),
                .init("prefs rm <name>", "Forget a remembered item"),
            ],
            section: .packing,
            examples: ["plan prefs", "plan prefs rm umbrella"]
        )
    }

    public static var subcommands: [any RunnableCommand.Type] { [PrefsRemoveCommand.self] }

    public func run(_ context: Context) async throws {
        let preferences = try await context.app.preferences()
        if json {
            context.printJSON(.array(preferences.map(Self.json)))
            return
        }
        let console = context.console
        guard !preferences.isEmpty else {
            console.print("Nothing remembered yet.")
            console.print(console.dim("'plan item add <trip> <name> --always' and 'plan item rm <trip> <item> --never' remember items for later trips."))
            return
        }
        let width = min(34, preferences.map { Self.label($0).count }.max() ?? 0)
        for preference in preferences {
            let label = Self.label(preference)
            let name = label.padded(toLength: max(width, label.count))
            var since = "since \(Timestamp.local(preference.since))"
            if let trip = preference.tripID { since += " (trip \(trip))" }
            console.print("\(preference.choice.rawValue.padded(toLength: 6))  \(name)  " + console.dim(since))
        }
    }

    static func label(_ preference: Preference) -> String {
        var label = preference.name
        if let quantity = preference.quantity, quantity > 1 { label += " ×\(quantity)" }
        if let category = preference.category { label += " (\(category))" }
        return label
    }

    static func json(_ preference: Preference) -> JSONValue {
        [
            "name": .string(preference.name), "choice": .string(preference.choice.rawValue),
            "quantity": .from(preference.quantity), "category": .from(preference.category),
            "since": .string(Timestamp.iso8601(preference.since)), "trip": .from(preference.tripID),
        ]
    }
}
