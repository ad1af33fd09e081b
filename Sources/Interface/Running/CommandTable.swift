import Foundation

/// The commands a program runs, written once as rows: the words that name each (its name, then its
/// aliases), its declaration (summary, arguments and options, the rules that span them, hidden or not) and the
/// code that runs it; subcommands are rows under their command. Resolving a command line, "did you mean",
/// `--help`, the overview, the completion scripts and the man page all come from these rows. plan's own table
/// is the executable's (`CommandTable.plan`, Sources/plan), as swift-argument-parser's root lists its commands.
public struct CommandTable: Sendable {
    public let rows: [CommandRow]

    public init(rows: [CommandRow]) {
        self.rows = rows
    }

    /// The row a command line names and the words after its name (`history show 4` → `history show`, `4`);
    /// nil when the first word names no command. Builds no declaration.
    public func resolve(_ words: [String]) -> (row: CommandRow, rest: [String])? {
        guard let first = words.first, var row = rows.first(where: { $0.words.contains(first) }) else { return nil }
        var rest = Array(words.dropFirst())
        while let word = rest.first, let sub = row.subrows.first(where: { $0.words.contains(word) }) {
            row = sub
            rest.removeFirst()
        }
        return (row, rest)
    }

    /// The words a mistyped command is compared with for "did you mean": every visible command's name and aliases.
    public var knownWords: [String] {
        rows.flatMap(\.words).filter { !$0.hasPrefix("_") }
    }

    /// `plan` itself with every command under it, for the overview, `help`, the completion scripts and the man page.
    /// Builds every declaration.
    public var tool: CommandInfo {
        PlanCommands.tool(commands: rows.map { $0.route().info })
    }
}
