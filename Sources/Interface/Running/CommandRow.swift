import Foundation

/// One row of `CommandTable`: a command type, the words that name it, and the rows of its subcommands. The
/// words come from the type's `path` and `aliases`; its declaration is built only when the row is routed to
/// (or when help, completions or the man page ask for every command).
public struct CommandRow: Sendable {
    /// The command's last word, then its aliases: `["list", "ls"]`, `["add"]` under `leg`.
    public let words: [String]
    /// The rows of its subcommands (`leg add`, `leg rm`).
    public let subrows: [CommandRow]
    private let build: @Sendable () -> Route

    /// The row of `command`, with a row for each of its subcommands.
    public init(_ command: any RunnableCommand.Type) {
        words = command.words
        subrows = command.subcommands.map(CommandRow.init)
        build = { command.route() }
    }

    /// A command not yet a type of its own (issue 33 converts them one by one): its words, declaration and body.
    public init<Arguments>(
        _ words: [String], _ command: @autoclosure @escaping @Sendable () -> Command<Arguments>, _ subrows: [CommandRow] = [],
        _ body: @escaping @Sendable (Context, Arguments) async throws -> Void
    ) {
        self.words = words
        self.subrows = subrows
        build = { Route(command().adding(subcommands: subrows.map { $0.route().info }), body) }
    }

    /// A group not yet a type of its own: it only names its subcommands.
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
