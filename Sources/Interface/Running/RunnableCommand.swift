import FoundationEssentials
import Rendering

/// A command plan runs, as one type (swift-argument-parser's `ParsableCommand`): the fields its parser
/// fills, its declaration (summary, parameters bound to those fields by key path, the rules that span them)
/// and the code that runs it. Adding a command is its type and one line in the command table.
///
/// The words that name a command (`path`, `aliases`) are cheap constants apart from the declaration, so
/// resolving a command line builds only the declaration it names. The protocol constrains the command types,
/// never `Command`'s generic parameter (see `Command` for the start-up cost that avoids).
public protocol RunnableCommand: ParsableArguments {
    /// The words that name it, its parent's first: `["history", "search"]`. The declaration uses them.
    static var path: [String] { get }
    /// Other names for the last word (`ls` for `list`); none by default.
    static var aliases: [String] { get }
    /// Everything help, completions and the man page say, and how the words become fields. Built when asked.
    static var declaration: Command<Self> { get }
    /// The commands under this one (`leg add`, `leg rm` under `leg`); none by default.
    static var subcommands: [any RunnableCommand.Type] { get }
    /// Runs the command with the fields parsed.
    func run(_ context: Context) async throws
}

extension RunnableCommand {
    public static var aliases: [String] { [] }

    public static var subcommands: [any RunnableCommand.Type] { [] }

    /// The declaration, with its subcommands', and the code that runs it.
    static func route() -> Route {
        Route(declaration.adding(subcommands: subcommands.map { $0.route().info })) { context, command in
            try await command.run(context)
        }
    }
}
