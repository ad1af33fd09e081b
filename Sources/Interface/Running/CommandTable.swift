import FoundationEssentials
import Rendering

/// The commands a program runs: a row for each command type (`RunnableCommand`), in the overview's order,
/// each with the rows of its subcommands. Resolving a command line, "did you mean", `--help`, the overview,
/// the completion scripts and the man page all come from these rows. plan's own table is the executable's
/// (`CommandTable.plan`, Sources/plan), as swift-argument-parser's root lists its commands.
public struct CommandTable: Sendable {
    public let rows: [CommandRow]

    public init(rows: [CommandRow]) {
        self.rows = rows
    }

    /// The table of these command types (each brings its subcommands).
    public init(_ commands: [any RunnableCommand.Type]) {
        self.init(rows: Self.rows(commands))
    }

    /// A row for each command type, in order. A loop, not `map`: every start builds the table, and a debug
    /// build runs `map` unspecialised (Tests/Startup).
    static func rows(_ commands: [any RunnableCommand.Type]) -> [CommandRow] {
        var rows: [CommandRow] = []
        rows.reserveCapacity(commands.count)
        var index = 0
        while index < commands.count {
            rows.append(CommandRow(commands[index]))
            index += 1
        }
        return rows
    }

    /// The row a command line names and the words after its name (`history show 4` → `history show`, `4`);
    /// nil when the first word names no command. Builds no declaration.
    public func resolve(_ words: [String]) -> (row: CommandRow, rest: [String])? {
        guard let first = words.first, var row = Self.row(named: first, in: rows) else { return nil }
        var rest = words  // not Array(words.dropFirst()): unspecialised in a debug build, that costs 0.25M instructions
        rest.removeFirst()
        while let word = rest.first, let sub = Self.row(named: word, in: row.subrows) {
            row = sub
            rest.removeFirst()
        }
        return (row, rest)
    }

    /// The first of `rows` that `word` names (an index loop, as `rows(_:)`).
    private static func row(named word: String, in rows: [CommandRow]) -> CommandRow? {
        var index = 0
        while index < rows.count {
            if rows[index].isNamed(word) { return rows[index] }
            index += 1
        }
        return nil
    }

    /// The words a mistyped command is compared with for "did you mean": every command's name and aliases
    /// but the hidden query's (`__complete`) and the flag spelling of `--version`.
    public var knownWords: [String] {
        rows.flatMap(\.words).filter { !$0.hasPrefix("_") && !$0.hasPrefix("-") }
    }

    /// The options plan takes before any command.
    public static let globalOptions = ["--help", "--version", "-h"]

    /// " Did you mean 'list'?" for a first word that names no command: an option among the global options, a
    /// word among every command's name and aliases (an alias as close as its command's name is no tie: `lst`
    /// is `list` whether it came from `list` or `ls`); "" when nothing is close.
    public func suggestion(for typed: String) -> String {
        if typed.hasPrefix("-") { return Suggestion.phrase(for: typed, among: Self.globalOptions) }
        var names: [String: String] = [:]
        for row in rows {
            let words = row.words
            guard let name = words.first, !name.hasPrefix("_") else { continue }
            for word in words where !word.hasPrefix("-") { names[word] = name }
        }
        return Suggestion.phrase(for: typed, among: Array(names.keys)) { names[$0] ?? $0 }
    }

    /// `plan` itself with every command under it, for the overview, `help`, the completion scripts and the man page.
    /// Builds every declaration.
    public var tool: CommandInfo {
        PlanInfo.tool(commands: rows.map { $0.route().info })
    }
}
