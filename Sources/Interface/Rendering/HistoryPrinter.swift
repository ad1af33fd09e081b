import FoundationEssentials
import JSON
import LanguageModels
import Model
import Rendering
import PlanKit

/// `plan history` in its four forms — the sessions, one session's entries, a search's hits, the usage
/// report — as text and as JSON (docs/guide.md lists the keys).
public enum HistoryPrinter {
    // MARK: - Sessions

    /// The sessions as a table; an interrupted session a later one carried on from says so.
    public static func listLines(_ sessions: [SessionRecord], styling: some TextStyling) -> [String] {
        let header = ["ID", "TRIP", "MODEL", "STARTED", "ENTRIES", "TOKENS", "STATUS"]
        var resumedBy: [Int: Int] = [:]
        for session in sessions where session.relation == .resumed {
            if let parent = session.parentID { resumedBy[parent] = min(resumedBy[parent] ?? session.id, session.id) }
        }
        let rows = sessions.map { session -> [String] in
            [
                "\(session.id)", session.tripID.map(String.init) ?? "-", String(session.model.prefix(28)),
                Timestamp.local(session.startedAt), "\(session.entryCount)",
                "\(session.contextTokens)/\(session.contextSize)", status(session, resumedBy: resumedBy[session.id]),
            ]
        }
        return TripPrinter.table([header] + rows).enumerated().map { index, line in index == 0 ? styling.bold(line) : line }
    }

    /// A session's status in words: running with its process, cut short and what resumes it, how it completed.
    public static func status(_ session: SessionRecord, resumedBy: Int? = nil) -> String {
        if let resumedBy, session.effectiveStatus == .interrupted { return "interrupted (resumed by session \(resumedBy))" }
        switch session.status {
        case .recovered: return "recovered from overflow"
        case .failed: return "failed"
        case .running:
            // Its process still runs: in progress. Gone (a kill, a crash), or unknown (recorded before
            // owners were): cut short.
            if let owner = session.owner, owner.isAlive { return "running (process \(owner.pid))" }
            return interrupted(session, gone: session.owner != nil)
        case .interrupted: return interrupted(session, gone: false)
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

    /// One session as `history --json` lists it.
    public static func json(_ session: SessionRecord) -> JSONValue {
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

    // MARK: - One session

    /// One session with its entries, as `history show --json` prints it.
    public static func showJSON(_ session: SessionRecord, entries: [TranscriptRecord]) -> JSONValue {
        var object = json(session).objectValue ?? [:]
        object["entries"] = .array(entries.map { entry in
            [
                "seq": .number(Double(entry.seq)), "kind": .string(entry.kind), "tool": .from(entry.tool),
                "text": .string(entry.text), "tokens": .number(Double(entry.tokens)),
                "inContext": .bool(entry.isInContext),
                "arguments": entry.kind == Transcript.Kind.toolCalls.rawValue ? (entry.payload.flatMap { try? JSONValue.parse($0) } ?? .null) : .null,
            ]
        })
        return .object(object)
    }

    /// One session as text: its title, each entry, and what it spent (`reasoning`: its reasoning tokens).
    public static func showLines(
        _ session: SessionRecord, entries: [TranscriptRecord], reasoning: Int, styling: some TextStyling
    ) -> [String] {
        var title = "Session \(session.id)"
        if let trip = session.tripID { title += " · trip \(trip)" }
        title += " · \(session.model) · \(session.purpose.rawValue) · \(status(session))"
        var lines = [styling.bold(title)]
        if let parent = session.parentID {
            lines.append(styling.dim("  \(session.relation?.rawValue ?? "linked") from session \(parent)"))
        }
        if let sampling = session.sampling { lines.append(styling.dim("  sampling: \(sampling.summary)")) }
        for entry in entries { lines += entryLines(entry, styling: styling) }
        lines.append("")
        let total = entries.map(\.tokens).saturatingSum
        var summary = "\(entries.count) entries · \(session.contextTokens) tokens in context of \(session.contextSize) (\(total) in all)"
        if session.promptTokens > 0 {
            summary += " · server counted \(session.promptTokens) prompt + \(session.completionTokens) completion tokens"
        }
        if reasoning > 0 { summary += " (\(reasoning) of them reasoning)" }
        lines.append(styling.dim(summary))
        if let error = session.error { lines.append(styling.warning("Ended with: \(error)")) }
        return lines
    }

    static func entryLines(_ entry: TranscriptRecord, styling: some TextStyling) -> [String] {
        let label = entry.kind + (entry.tool.map { " \($0)" } ?? "")
        let marker = entry.isInContext ? "" : " (dropped from context)"
        var lines = ["", styling.accent("[\(entry.seq)] \(label)") + styling.dim(" · \(entry.tokens) tokens\(marker)")]
        let text = entry.kind == Transcript.Kind.instructions.rawValue && entry.text.count > 600 ? String(entry.text.prefix(600)) + "…" : entry.text
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // A reasoning model's thinking is shown dimmed: it is not the answer.
            lines.append("  " + (entry.kind == Transcript.Kind.reasoning.rawValue ? styling.dim(String(line)) : String(line)))
        }
        return lines
    }

    // MARK: - Search

    /// The hits as `history search --json` prints them.
    public static func searchJSON(_ hits: [SearchHit]) -> JSONValue {
        .array(hits.map { hit in
            [
                "session": .number(Double(hit.sessionID)), "trip": .from(hit.tripID), "kind": .string(hit.kind),
                "tool": .from(hit.tool), "snippet": .string(hit.snippet), "entry": .number(Double(hit.entryID)),
                "created": .string(Timestamp.iso8601(hit.createdAt)),
            ]
        })
    }

    /// Each hit in two lines; the matched words (between FTS5's `[` and `]`) in bold where the terminal styles
    /// text, else left in their brackets.
    public static func searchLines(_ hits: [SearchHit], styling: some TextStyling) -> [String] {
        let styles = styling.bold("x") != "x"
        return hits.flatMap { hit -> [String] in
            let trip = hit.tripID.map { "trip \($0)" } ?? "no trip"
            let kind = hit.kind + (hit.tool.map { " \($0)" } ?? "")
            let snippet = String(hit.snippet.map { $0 == "\n" ? " " : $0 })
            return [
                styling.accent("session \(hit.sessionID)") + " · \(trip) · \(kind) · \(Timestamp.local(hit.createdAt))",
                "  " + (styles ? highlighted(snippet, styling: styling) : snippet),
            ]
        }
    }

    /// The snippet with each `[match]` in bold and its brackets gone.
    public static func highlighted(_ snippet: String, styling: some TextStyling) -> String {
        var text = ""
        var match: String?
        for character in snippet {
            switch (character, match) {
            case ("[", nil): match = ""
            case ("]", let open?):
                text += styling.bold(open)
                match = nil
            case (_, let open?): match = open + String(character)
            default: text.append(character)
            }
        }
        if let open = match { text += "[" + open }
        return text
    }
}
