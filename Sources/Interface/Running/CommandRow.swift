import Foundation

/// One row of `CommandTable`: the words that name a command, the rows of its subcommands, and how to build
/// its `Route` (its declaration and the code that runs it) when a command line names it.
public struct CommandRow: Sendable {
    /// The command's last word, then its aliases: `["list", "ls"]`, `["add"]` under `leg`.
    public let words: [String]
    /// The rows of its subcommands (`leg add`, `leg rm`).
    public let subrows: [CommandRow]
    private let build: @Sendable () -> Route

    /// A command that runs `body` with the parsed arguments.
    public init<Arguments>(
        _ words: [String], _ command: @autoclosure @escaping @Sendable () -> Command<Arguments>, _ subrows: [CommandRow] = [],
        _ body: @escaping @Sendable (Context, Arguments) async throws -> Void
    ) {
        self.words = words
        self.subrows = subrows
        build = { Route(command().adding(subcommands: subrows.map { $0.route().info }), body) }
    }

    /// A group: it only names its subcommands (`plan cache prune|stats`); run alone it says which there are.
    public static func group(
        _ words: [String], _ command: @autoclosure @escaping @Sendable () -> Command<PlanArguments.Group>, _ subrows: [CommandRow]
    ) -> CommandRow {
        CommandRow(words, command(), subrows) { _, _ in }
    }

    /// The declaration (with its subcommands') and the code that runs it.
    public func route() -> Route {
        build()
    }
}
