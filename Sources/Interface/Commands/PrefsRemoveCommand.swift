import FoundationEssentials
import PlanKit
import Rendering

/// `plan prefs rm <name>`: forgets a remembered item.
public struct PrefsRemoveCommand: RunnableCommand {
    public static let path = ["prefs", "rm"]
    public static let aliases = ["remove"]

    public var name = ""
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, aliases: aliases, summary: "Forget a remembered item",
            discussion: """
                Forgets what is remembered for an item (its name in any case, or the unique start
                of it): later lists are as the engine makes them. Lists already made keep it.
                """,
            parameters: [[
                .argument("name", \.name, help: "the item's name, as 'plan prefs' prints it"),
                .flag("json", \.json, help: "print what was forgotten as JSON"),
            ]],
            section: .packing,
            examples: ["plan prefs rm umbrella"]
        )
    }

    public func run(_ context: Context) async throws {
        let forgotten = try await context.app.forget(self.name)
        if json {
            context.printJSON(PrefsCommand.json(forgotten))
            return
        }
        context.console.print("Forgot: \(forgotten.choice.rawValue) \(forgotten.name). Lists made from now on leave it to the engine.")
    }
}
