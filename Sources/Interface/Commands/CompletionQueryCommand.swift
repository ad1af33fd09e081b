import FoundationEssentials
import JSON
import Model
import Rendering

/// The completion scripts' hidden query, `plan __complete trips|sessions`: "id<TAB>description" a line, newest
/// first; and `plan __complete commands`: the command table as JSON, for the tests.
public struct CompletionQueryCommand: RunnableCommand {
    public static let path = ["__complete"]

    public var kind = CompletionKind.trips

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Trip or session ids for the completion scripts",
            parameters: [[
                .argument("kind", \.kind, help: "trips, sessions or commands") {
                    guard let kind = CompletionKind(rawValue: $0) else { throw $1.error("use trips, sessions or commands.") }
                    return kind
                },
            ]],
            isHidden: true
        )
    }

    /// "id<TAB>description" a line, newest first; nothing (and success) when there is no database or it cannot be read,
    /// so a shell never shows an error while completing.
    public func run(_ context: Context) async throws {
        let candidates: [(id: Int, description: String)]
        switch kind {
        case .trips: candidates = (try? await context.app.completionCandidates(sessions: false)) ?? []
        case .sessions: candidates = (try? await context.app.completionCandidates(sessions: true)) ?? []
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

extension CompletionQueryCommand {
    /// What the completion scripts ask the database for.
    public enum CompletionKind: String, Sendable, CaseIterable {
        /// The command table, for the tests that check every command routes and is documented.
        case trips, sessions, commands
    }
}
