import FoundationEssentials
import Model
import Rendering

/// `plan history show <session>`: one session's transcript, entry by entry.
public struct HistoryShowCommand: RunnableCommand {
    public static let path = ["history", "show"]

    public var session = 0
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "One session's transcript, entry by entry",
            discussion: """
                Shows one session entry by entry: instructions, prompt, tool calls and their
                output, responses and summaries, with tokens per entry against the context window.
                """,
            parameters: [[
                .argument("session", \.session, help: "a session id (see 'plan history')", completion: .sessions) {
                    try ArgumentText.id($0, what: "session", context: $1)
                },
                .flag("json", \.json, help: "the session and its entries as JSON"),
            ]],
            section: .history,
            examples: ["plan history show 4"]
        )
    }

    public func run(_ context: Context) async throws {
        let id = self.session
        guard let session = try await context.app.session(id) else { throw CLIError.noSuchSession(id) }
        let entries = try await context.app.entries(session: id)
        for entry in entries { _ = try entry.checkedKind() }  // a damaged row is said, not printed
        if json {
            context.printJSON(HistoryPrinter.showJSON(session, entries: entries))
            return
        }
        let reasoning = try await context.app.reasoningTokens(session: session.id)
        for line in HistoryPrinter.showLines(session, entries: entries, reasoning: reasoning, styling: context.console) {
            context.console.print(line)
        }
    }
}
