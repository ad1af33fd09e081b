import Foundation
import LanguageModels
import Store

/// `plan completions bash|zsh|fish`, and the scripts' hidden `plan __complete trips|sessions`.
public struct CompletionsCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    /// Prints the script for the shell.
    public func run(_ arguments: PlanArguments.Completions) {
        context.console.printDocument(CompletionScript.render(arguments.shell, tool: context.commands.tool))
    }

    /// "id<TAB>description" a line, newest first; nothing (and success) when there is no database or it cannot be read,
    /// so a shell never shows an error while completing.
    public func query(_ arguments: PlanArguments.CompletionQuery) async {
        let path = context.databasePath
        let candidates: [CompletionCandidates.Candidate]
        switch arguments.kind {
        case .trips: candidates = (try? await CompletionCandidates.trips(databasePath: path)) ?? []
        case .sessions: candidates = (try? await CompletionCandidates.sessions(databasePath: path)) ?? []
        case .commands:
            context.printJSON(.array(context.commands.rows.flatMap { Self.describe($0, under: []) }))
            return
        }
        let lines = candidates.map { "\($0.id)\t\(Self.oneLine($0.description))" }
        guard !lines.isEmpty else { return }
        context.console.printDocument(lines.joined(separator: "\n"))
    }

    /// A row of the command table and the rows under it, depth first: the words the row routes by beside what
    /// its declaration says, so a test can check each against the other, the help, the completions and the man page.
    static func describe(_ row: CommandRow, under parent: [String]) -> [JSONValue] {
        let info = row.route().info
        let entry: JSONValue = .object([
            "path": .array((parent + [row.words.first ?? ""]).map(JSONValue.string)),
            "rowWords": .array(row.words.map(JSONValue.string)),
            "declaredPath": .array(info.path.map(JSONValue.string)),
            "declaredAliases": .array(info.aliases.map(JSONValue.string)),
            "hidden": .bool(info.isHidden),
            "group": .bool(info.isGroup),
            "takesUnknownOptionsAsWords": .bool(info.takesUnknownOptionsAsWords),
            "subcommands": .array(info.subcommands.compactMap(\.path.last).map(JSONValue.string)),
            "options": .array(info.namedParameters.map { parameter in
                .object(["name": .string(parameter.name), "takesValue": .bool(parameter.kind == .option),
                         "help": .string(parameter.help)])
            }),
            "rules": .array(info.rules.map(JSONValue.string)),
        ])
        return [entry] + row.subrows.flatMap { describe($0, under: parent + [row.words.first ?? ""]) }
    }

    /// Descriptions come from the user's own trips, but a shell still should not see control characters.
    static func oneLine(_ text: String) -> String {
        String(ArgumentText.printable(text).prefix(60))
    }
}
