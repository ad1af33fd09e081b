import Foundation
import Interface
import LanguageModels
import Planner
import Store
import Tools

/// `plan history`, `plan history show <session>`, `plan history search <text>`, `plan history --usage`.
struct HistoryCommand {
    let context: Context
    // MARK: - List

    func run(_ arguments: PlanArguments.History) async throws {
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
            context.printJSON(.array(sessions.map(Self.json)))
            return
        }
        guard !sessions.isEmpty else {
            context.console.print("No sessions yet. 'plan pack <trip>' starts one.")
            return
        }
        let header = ["ID", "TRIP", "MODEL", "STARTED", "ENTRIES", "TOKENS", "STATUS"]
        // An interrupted session a later one carried on from says so, instead of promising a resume.
        var resumedBy: [Int: Int] = [:]
        for session in sessions where session.relation == .resumed {
            if let parent = session.parentID { resumedBy[parent] = min(resumedBy[parent] ?? session.id, session.id) }
        }
        let rows = sessions.map { session -> [String] in
            [
                "\(session.id)", session.tripID.map(String.init) ?? "-", String(session.model.prefix(28)),
                Self.timestamp(session.startedAt), "\(session.entryCount)",
                session.purpose == .mcp ? "-" : "\(session.contextTokens)/\(session.contextSize)", Self.status(session, resumedBy: resumedBy[session.id]),
            ]
        }
        for (index, line) in TripPrinter.table([header] + rows).enumerated() {
            context.console.print(index == 0 ? context.console.bold(line) : line)
        }
    }

    static func status(_ session: SessionRecord, resumedBy: Int? = nil) -> String {
        if let resumedBy, session.effectiveStatus == .interrupted { return "interrupted (resumed by session \(resumedBy))" }
        switch session.status {
        case .recovered: return "recovered from overflow"
        case .failed: return "failed"
        case .running:
            // Its process still runs: in progress. Gone (a kill, a crash), or unknown (recorded before
            // owners were): cut short.
            if let owner = session.owner, owner.isAlive { return "running (process \(owner.pid))" }
            return Self.interrupted(session, gone: session.owner != nil)
        case .interrupted: return Self.interrupted(session, gone: false)
        case .completed:
            // A completed pack with a note: the model's answer was set aside for the built-in list.
            let fallback = session.error == nil ? "" : "; built-in list used"
            if let relation = session.relation, relation.isRecovery {
                return "completed (\(relation.rawValue)\(fallback))"
            }
            if session.purpose == .replay { return "completed (replay\(fallback))" }
            return fallback.isEmpty ? "completed" : "completed (built-in list used)"
        }
    }

    /// "interrupted (the next pack resumes it)", naming the command that resumes it.
    static func interrupted(_ session: SessionRecord, gone: Bool) -> String {
        let why = gone ? "its process ended; " : ""
        switch session.purpose {
        case .pack, .ask: return "interrupted (\(why)the next \(session.purpose.rawValue) resumes it)"
        case .replay, .mcp: return gone ? "interrupted (its process ended)" : "interrupted"
        }
    }

    static func json(_ session: SessionRecord) -> JSONValue {
        [
            "id": .number(Double(session.id)), "trip": .from(session.tripID), "model": .string(session.model),
            "started": .string(Timestamp.iso8601(session.startedAt)),
            "entries": .number(Double(session.entryCount)), "tokens": .number(Double(session.contextTokens)),
            "contextSize": .number(Double(session.contextSize)), "status": .string(session.effectiveStatus.rawValue),
            "purpose": .string(session.purpose.rawValue), "parent": .from(session.parentID),
            "relation": .from(session.relation?.rawValue),
            "promptTokens": .number(Double(session.promptTokens)),
            "completionTokens": .number(Double(session.completionTokens)), "error": .from(session.error),
            "sampling": session.sampling.map { sampling in
                ["mode": .string(sampling.mode), "temperature": .from(sampling.temperature), "seed": .from(sampling.seed)]
            } ?? .null,
        ]
    }

    // MARK: - Show

    func show(_ arguments: PlanArguments.HistoryShow) async throws {
        let id = arguments.session
        let store = try context.openStore()
        guard let session = try await store.session(id: id) else { throw CLIError.noSuchSession(id) }
        let entries = try await store.entries(sessionID: id)
        if arguments.json {
            var object = Self.json(session).objectValue ?? [:]
            object["entries"] = .array(entries.map { entry in
                [
                    "seq": .number(Double(entry.seq)), "kind": .string(entry.kind.rawValue), "tool": .from(entry.tool),
                    "text": .string(entry.text), "tokens": .number(Double(entry.tokens)),
                    "inContext": .bool(entry.isInContext),
                    "arguments": entry.kind == .toolCalls ? (entry.payload.flatMap { try? JSONValue.parse($0) } ?? .null) : .null,
                ]
            })
            context.printJSON(.object(object))
            return
        }
        let console = context.console
        var title = "Session \(session.id)"
        if let trip = session.tripID { title += " · trip \(trip)" }
        title += " · \(session.model) · \(session.purpose.rawValue) · \(Self.status(session))"
        console.print(console.bold(title))
        if let parent = session.parentID {
            console.print(console.dim("  \(session.relation?.rawValue ?? "linked") from session \(parent)"))
        }
        if let sampling = session.sampling {
            console.print(console.dim("  sampling: \(sampling.summary)"))
        }
        for entry in entries {
            let label = entry.kind.rawValue + (entry.tool.map { " \($0)" } ?? "")
            let marker = entry.isInContext ? "" : " (dropped from context)"
            console.print("")
            console.print(console.accent("[\(entry.seq)] \(label)") + console.dim(" · \(entry.tokens) tokens\(marker)"))
            let text = entry.kind == .instructions && entry.text.count > 600 ? String(entry.text.prefix(600)) + "…" : entry.text
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                // A reasoning model's thinking is shown dimmed: it is not the answer.
                console.print("  " + (entry.kind == .reasoning ? console.dim(String(line)) : String(line)))
            }
        }
        console.print("")
        let total = entries.map(\.tokens).saturatingSum
        var summary = "\(entries.count) entries · \(session.contextTokens) tokens in context of \(session.contextSize) (\(total) in all)"
        if session.promptTokens > 0 {
            summary += " · server counted \(session.promptTokens) prompt + \(session.completionTokens) completion tokens"
        }
        let reasoning = try await store.reasoningTokens(sessionID: session.id)
        if reasoning > 0 { summary += " (\(reasoning) of them reasoning)" }
        console.print(console.dim(summary))
        if let error = session.error { console.print(console.warning("Ended with: \(error)")) }
    }

    // MARK: - Search

    func search(_ arguments: PlanArguments.HistorySearch) async throws {
        let text = arguments.words.joined(separator: " ")
        let limit = arguments.limit ?? 20
        // Any text is a query ("🎉" matches nothing, exit 0); only an empty one is a usage error.
        guard !text.allSatisfy({ $0.isWhitespace }) else {
            throw CLIError.usage("nothing to search for in '\(ArgumentText.printable(text))'; give a word.", command: "history")
        }
        let store = try context.openStore()
        let hits = try await store.search(text, newestFirst: arguments.newest, limit: limit)
        if arguments.json {
            context.printJSON(.array(hits.map { hit in
                [
                    "session": .number(Double(hit.sessionID)), "trip": .from(hit.tripID), "kind": .string(hit.kind.rawValue),
                    "tool": .from(hit.tool), "snippet": .string(hit.snippet), "entry": .number(Double(hit.entryID)),
                    "created": .string(Timestamp.iso8601(hit.createdAt)),
                ]
            }))
            return
        }
        guard !hits.isEmpty else {
            context.console.print("No matches for '\(ArgumentText.printable(text))'.")
            return
        }
        let console = context.console
        for hit in hits {
            let trip = hit.tripID.map { "trip \($0)" } ?? "no trip"
            let kind = hit.kind.rawValue + (hit.tool.map { " \($0)" } ?? "")
            let snippet = String(hit.snippet.map { $0 == "\n" ? " " : $0 })
            console.print(console.accent("session \(hit.sessionID)") + " · \(trip) · \(kind) · \(Self.timestamp(hit.createdAt))")
            console.print("  " + (console.useColor
                ? snippet.map { $0 == "[" ? console.sgr("1") : $0 == "]" ? console.sgr("0") : String($0) }.joined()
                : snippet))
        }
    }

    // MARK: - Usage

    func usage(store: Store, json: Bool) async throws {
        let models = try await store.usageByModel()
        let tools = try await store.usageByTool()
        let sessions = try await store.usageBySession()
        let cache = try await store.cacheStatistics()
        let reasoning = try await store.reasoningTokensByModel()
        if json {
            context.printJSON([
                "models": .array(models.map { model in
                    ["model": .string(model.model), "sessions": .number(Double(model.sessions)),
                     "promptTokens": .number(Double(model.promptTokens)),
                     "completionTokens": .number(Double(model.completionTokens)),
                     "transcriptTokens": .number(Double(model.transcriptTokens)),
                     "reasoningTokens": .number(Double(reasoning[model.model] ?? 0))]
                }),
                "tools": .array(tools.map { ["tool": .string($0.tool), "calls": .number(Double($0.calls)), "tokens": .number(Double($0.tokens))] }),
                "sessions": .array(sessions.map { session in
                    ["session": .number(Double(session.session)), "trip": .from(session.trip), "model": .string(session.model),
                     "transcriptTokens": .number(Double(session.transcriptTokens)),
                     "promptTokens": .number(Double(session.promptTokens)),
                     "completionTokens": .number(Double(session.completionTokens))]
                }),
                "cache": [
                    "entries": .number(Double(cache.entries)), "bytes": .number(Double(cache.bytes)),
                    "expired": .number(Double(cache.expired)), "hits": .number(Double(cache.hits)),
                    "misses": .number(Double(cache.misses)), "revalidated": .number(Double(cache.revalidated)),
                    "stale": .number(Double(cache.stale)), "networkRequests": .number(Double(cache.networkRequests)),
                    "hitRate": .from(cache.hitRate),
                ],
            ])
            return
        }
        let console = context.console
        console.print(console.bold("Tokens by model"))
        let modelRows = models.map { ["\($0.model)", "\($0.sessions)", "\($0.transcriptTokens)", "\($0.promptTokens)", "\($0.completionTokens)"] }
        for line in TripPrinter.table([["MODEL", "SESSIONS", "TRANSCRIPT", "PROMPT (server)", "COMPLETION (server)"]] + modelRows) {
            console.print("  " + line)
        }
        // Reasoning models spend hidden tokens (part of the completion tokens).
        for (model, tokens) in reasoning.sorted(by: { $0.key < $1.key }) {
            console.print("  " + console.dim("\(model): \(tokens) of its completion tokens were reasoning"))
        }
        console.print(console.bold("Sessions that spent the most"))
        let sessionRows = sessions.map {
            ["\($0.session)", $0.trip.map(String.init) ?? "-", String($0.model.prefix(28)), "\($0.transcriptTokens)",
             "\($0.promptTokens)", "\($0.completionTokens)"]
        }
        for line in TripPrinter.table([["SESSION", "TRIP", "MODEL", "TRANSCRIPT", "PROMPT (server)", "COMPLETION (server)"]] + sessionRows) {
            console.print("  " + line)
        }
        console.print(console.bold("Tool output in transcripts"))
        for line in TripPrinter.table([["TOOL", "CALLS", "TOKENS"]] + tools.map { [$0.tool, "\($0.calls)", "\($0.tokens)"] }) {
            console.print("  " + line)
        }
        console.print(console.bold("HTTP cache"))
        let rate = cache.hitRate.map { String(format: "%.0f%%", $0 * 100) } ?? "n/a"
        console.print("  \(cache.entries) entries, \(cache.bytes / 1024) KiB (\(cache.expired) expired; 'plan cache prune' drops them)")
        console.print("  hits \(cache.hits), misses \(cache.misses), revalidated \(cache.revalidated), stale \(cache.stale); hit rate \(rate); \(cache.networkRequests) network requests")
    }

    // MARK: - Helpers

    static func timestamp(_ date: Date) -> String {
        Timestamp.local(date)
    }

    static func startOfDay(_ date: CalendarDate) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)) ?? Date.distantPast
    }
}
