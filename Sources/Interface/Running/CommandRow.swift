import FoundationEssentials
import Rendering

/// One row of `CommandTable`: a command type, named by the words of its type (`path`, `aliases`), with the
/// rows of its subcommands. Nothing is built until asked: resolving a command line reads only the words of
/// the rows before the one it names, and builds the declaration of that one alone (Tests/Startup).
public struct CommandRow: Sendable {
    private let command: any RunnableCommand.Type

    /// The row of `command`.
    public init(_ command: any RunnableCommand.Type) {
        self.command = command
    }

    /// The command's last word, then its aliases: `["list", "ls"]`, `["add"]` under `leg`.
    public var words: [String] {
        let path = command.path
        var words = path.isEmpty ? [] : [path[path.count - 1]]
        words.append(contentsOf: command.aliases)
        return words
    }

    /// The rows of its subcommands (`leg add`, `leg rm`).
    public var subrows: [CommandRow] {
        CommandTable.rows(command.subcommands)
    }

    /// Whether `word` is the command's last word or one of its aliases. Index loops rather than `contains`:
    /// a debug build runs the generic calls unspecialised, at every start.
    public func isNamed(_ word: String) -> Bool {
        let path = command.path
        if !path.isEmpty && path[path.count - 1] == word { return true }
        let aliases = command.aliases
        var index = 0
        while index < aliases.count {
            if aliases[index] == word { return true }
            index += 1
        }
        return false
    }

    /// The declaration (with its subcommands') and the code that runs it.
    public func route() -> Route {
        command.route()
    }
}
