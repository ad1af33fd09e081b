import Foundation
import LanguageModels
import Planner
import Store
import Tools

/// `plan history`, `plan history show <session>`, `plan history search <text>`, `plan history --usage`.
public struct HistoryCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }
    // MARK: - List

    public func run(_ arguments: PlanArguments.History) async throws {
        var filter = SessionFilter()
        filter.tripID = arguments.trip
        filter.tool = arguments.tool
        filter.model = arguments.model
        filter.since = arguments.since.map(Self.startOfDay)
        if let limit = arguments.limit { filter.limit = limit }
        let store = try context.openStore()
        if arguments.usage {
            try await usage(store: store, json: arguments.json)
            return
        }
        let sessions = try await store.sessions(filter)
        if arguments.json {
            context.printJSON(.array(sessions.map(HistoryPrinter.json)))
            return
        }
        guard !sessions.isEmpty else {
            context.console.print("No sessions yet. 'plan pack <trip>' starts one.")
            return
        }
        for line in HistoryPrinter.listLines(sessions, styling: context.console) { context.console.print(line) }
    }

    // MARK: - Show

    public func show(_ arguments: PlanArguments.HistoryShow) async throws {
        let id = arguments.session
        let store = try context.openStore()
        guard let session = try await store.session(id: id) else { throw CLIError.noSuchSession(id) }
        let entries = try await store.entries(sessionID: id)
        if arguments.json {
            context.printJSON(HistoryPrinter.showJSON(session, entries: entries))
            return
        }
        let reasoning = try await store.reasoningTokens(sessionID: session.id)
        for line in HistoryPrinter.showLines(session, entries: entries, reasoning: reasoning, styling: context.console) {
            context.console.print(line)
        }
    }

    // MARK: - Search

    public func search(_ arguments: PlanArguments.HistorySearch) async throws {
        let text = arguments.words.joined(separator: " ")
        let limit = arguments.limit ?? 20
        // Any text is a query ("🎉" matches nothing, exit 0); only an empty one is a usage error.
        guard !text.allSatisfy({ $0.isWhitespace }) else {
            throw CLIError.usage("nothing to search for in '\(ArgumentText.printable(text))'; give a word.", command: "history")
        }
        let store = try context.openStore()
        let hits = try await store.search(text, newestFirst: arguments.newest, limit: limit)
        if arguments.json {
            context.printJSON(HistoryPrinter.searchJSON(hits))
            return
        }
        guard !hits.isEmpty else {
            context.console.print("No matches for '\(ArgumentText.printable(text))'.")
            return
        }
        for line in HistoryPrinter.searchLines(hits, styling: context.console) { context.console.print(line) }
    }

    // MARK: - Usage

    /// The usage report (also `plan cache stats`).
    func usage(store: Store, json: Bool) async throws {
        let report = try await HistoryPrinter.UsageReport(store: store)
        if json {
            context.printJSON(HistoryPrinter.usageJSON(report))
        } else {
            for line in HistoryPrinter.usageLines(report, styling: context.console) { context.console.print(line) }
        }
    }

    // MARK: - Helpers

    static func startOfDay(_ date: CalendarDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) ?? Date.distantPast
    }
}
