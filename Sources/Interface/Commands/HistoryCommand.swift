import FoundationEssentials
import Glibc
import Model
import Rendering

/// `plan history` and `plan history --usage`; `history show` and `history search` are its subcommands.
public struct HistoryCommand: RunnableCommand {
    public static let path = ["history"]

    public var trip: Int?
    public var tool: String?
    public var model: String?
    public var since: CalendarDate?
    public var limit: Int?
    public var usage = false
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Past sessions: model, tokens, how they ended",
            discussion: """
                Every session is kept: instructions, prompts, tool calls and their output, answers
                and summaries, with tokens per entry. 'plan history' lists sessions newest first:
                trip, model, start, entries, tokens in context / context size, and how it ended
                (completed, recovered from overflow, failed); --usage sums tokens by model and by
                tool, with the HTTP cache's size and hit rate.
                """,
            parameters: [[
                .option("trip", \.trip, value: "<t>", help: "only this trip's sessions", completion: .trips) {
                    try ArgumentText.id($0, what: "trip", context: $1)
                },
                .option("tool", \.tool, value: "<name>", help: "only sessions that called this tool",
                        completion: .choices(PlanInfo.toolNames)),
                .option("model", \.model, value: "<m>", help: "only sessions with this model"),
                .option("since", \.since, value: "<date>", help: "only sessions started on or after this day") {
                    try ArgumentText.date($0, option: "since", context: $1)
                },
                .option("limit", \.limit, value: "<n>", help: "at most this many sessions") {
                    try ArgumentText.number($0, option: "limit", range: 1...10_000, context: $1)
                },
                .flag("usage", \.usage, help: "tokens by model and by tool; the HTTP cache's size and hit rate"),
                .flag("json", \.json, help: "print an array of sessions (or the usage report)"),
            ]],
            overview: [
                .init("history", "Past sessions: model, tokens, how they ended"),
                .init("history show <session>", "One session's transcript, entry by entry"),
                .init("history search <text>", "Full-text search of prompts, tool output, answers"),
                .init("history --usage", "Tokens by model and tool; the cache's hit rate"),
            ],
            section: .history,
            examples: ["plan history --trip 1", "plan history search snow denver", "plan history show 4"]
        )
    }

    public static var subcommands: [any RunnableCommand.Type] { [HistoryShowCommand.self, HistorySearchCommand.self] }

    public func run(_ context: Context) async throws {
        var filter = SessionFilter()
        filter.tripID = trip
        filter.tool = tool
        filter.model = model
        filter.since = since.map(Self.startOfDay)
        if let limit { filter.limit = limit }
        if usage {
            try await Self.usage(json: json, context: context)
            return
        }
        let sessions = try await context.app.sessions(filter)
        if json {
            context.printJSON(.array(sessions.map(HistoryPrinter.json)))
            return
        }
        guard !sessions.isEmpty else {
            context.console.print("No sessions yet. 'plan pack <trip>' starts one.")
            return
        }
        for line in HistoryPrinter.listLines(sessions, styling: context.console) { context.console.print(line) }
    }

    /// The usage report (also `plan cache stats`).
    static func usage(json: Bool, context: Context) async throws {
        let report = try await context.app.usage()
        if json {
            context.printJSON(HistoryPrinter.usageJSON(report))
        } else {
            for line in HistoryPrinter.usageLines(report, styling: context.console) { context.console.print(line) }
        }
    }

    /// Local midnight of `date`, in the process's zone as the C library reads it (TZ, /etc/localtime): mktime,
    /// since FoundationEssentials alone knows no named zone (issue 47).
    static func startOfDay(_ date: CalendarDate) -> Date {
        var fields = tm()
        fields.tm_year = Int32(clamping: date.year - 1900)
        fields.tm_mon = Int32(clamping: date.month - 1)
        fields.tm_mday = Int32(clamping: date.day)
        fields.tm_isdst = -1
        let seconds = mktime(&fields)
        return seconds == -1 ? Date.distantPast : Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
