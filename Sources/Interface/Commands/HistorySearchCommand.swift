import FoundationEssentials
import Model
import Rendering

/// `plan history search <text>`: full-text search of prompts, tool output and answers.
public struct HistorySearchCommand: RunnableCommand {
    public static let path = ["history", "search"]

    public var words: [String] = []
    public var newest = false
    public var limit: Int?
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Full-text search of prompts, tool output, answers",
            discussion: """
                Full-text search over prompts, tool output and responses, best match first
                (--newest: by date). Any text is a valid query; a trailing * matches a prefix
                (sno*). Words starting with '-' are search text unless they are options here.
                """,
            parameters: [[
                .words("text", \.words, help: "what to look for", maximum: 64),
                .flag("newest", \.newest, help: "newest first instead of best match first"),
                .option("limit", \.limit, value: "<n>", help: "at most this many matches (default 20)") {
                    try ArgumentText.number($0, option: "limit", range: 1...1_000, context: $1)
                },
                .flag("json", \.json, help: "print an array of matches"),
            ]],
            section: .history,
            examples: ["plan history search snow denver"],
            takesUnknownOptionsAsWords: true
        )
    }

    public func run(_ context: Context) async throws {
        let text = words.joined(separator: " ")
        let limit = self.limit ?? 20
        // Any text is a query ("🎉" matches nothing, exit 0); only an empty one is a usage error.
        guard !text.allSatisfy({ $0.isWhitespace }) else {
            throw CLIError.usage("nothing to search for in '\(ArgumentText.printable(text))'; give a word.", command: "history")
        }
        let hits = try await context.app.search(text, newestFirst: newest, limit: limit)
        if json {
            context.printJSON(HistoryPrinter.searchJSON(hits))
            return
        }
        guard !hits.isEmpty else {
            context.console.print("No matches for '\(ArgumentText.printable(text))'.")
            return
        }
        for line in HistoryPrinter.searchLines(hits, styling: context.console) { context.console.print(line) }
    }
}
