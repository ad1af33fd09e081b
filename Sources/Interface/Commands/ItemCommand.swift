import FoundationEssentials
import Rendering

/// `plan item`: your own items on a trip's list. It only names its subcommands, `add` and `rm`.
public struct ItemCommand: RunnableCommand {
    public static let path = ["item"]

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Your own items on a trip's list",
            discussion: """
                add puts an item of yours on a trip's list (--always: on every later trip too);
                rm takes one off (--never: off every later list too).
                """,
            overview: [
                .init("item add <trip> <name>", "Put an item of your own on a trip's list"),
                .init("item rm <trip> <item>", "Take an item off a trip's list"),
            ],
            section: .packing,
            examples: [#"plan item add 1 "CPAP machine" --always"#, "plan item rm 1 umbrella --never"],
            isGroup: true
        )
    }

    public static var subcommands: [any RunnableCommand.Type] { [ItemAddCommand.self, ItemRemoveCommand.self] }

    /// Never called: a group's parser asks for one of its subcommands.
    public func run(_ context: Context) async throws {}
}
