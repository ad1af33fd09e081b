import Foundation

extension Store {
    // MARK: - Full-text search

    /// Full-text search over transcript text, best match first (or newest first).
    /// Whatever the user typed is turned into quoted FTS5 terms, so it can never be a syntax error.
    public func search(_ text: String, newestFirst: Bool = false, limit: Int = 20) throws -> [SearchHit] {
        guard let query = Store.ftsQuery(text) else { return [] }
        // Rank (or order by id, which grows with time) inside the full-text index first, then join the
        // few rows kept: joining every match before the LIMIT costs most of the time at 100k entries.
        let inner = newestFirst ? "rowid DESC" : "rank"
        return try connection.query(
            """
            SELECT e.id, e.session_id, s.trip_id, e.kind, e.tool, e.created_at, f.snippet
            FROM (SELECT rowid, rank, snippet(transcript_fts, 0, '[', ']', '…', 12) AS snippet
                  FROM transcript_fts WHERE transcript_fts MATCH ? ORDER BY \(inner) LIMIT ?) f
            JOIN transcript_entries e ON e.id = f.rowid
            JOIN sessions s ON s.id = e.session_id
            ORDER BY \(newestFirst ? "e.id DESC" : "f.rank")
            """,
            [query, max(1, limit)]
        ).map { row in
            SearchHit(
                entryID: try row.int("id"), sessionID: try row.int("session_id"), tripID: try row.optionalInt("trip_id"),
                kind: try row.string("kind"), tool: try row.optionalString("tool"), snippet: try row.string("snippet"),
                createdAt: Date(timeIntervalSince1970: try row.double("created_at"))
            )
        }
    }

    /// User text as an FTS5 query: each run of letters and digits becomes a quoted term (all must match);
    /// a `*` right after a word makes it a prefix. Nil when there is nothing to search for.
    public static func ftsQuery(_ text: String) -> String? {
        var terms: [String] = []
        var current = ""
        var characters = Array(text.prefix(1_000))
        characters.append(" ")
        for character in characters {
            if character.isLetter || character.isNumber {
                current.append(character)
                continue
            }
            if !current.isEmpty {
                let prefix = character == "*" ? "*" : ""
                terms.append("\"" + current.replacingOccurrences(of: "\"", with: "\"\"") + "\"" + prefix)
                current = ""
            }
        }
        guard !terms.isEmpty else { return nil }
        return terms.prefix(32).joined(separator: " ")
    }

    // MARK: - Usage

    /// Tokens by model: sessions, prompt and completion tokens reported by servers, and transcript tokens.
    public func usageByModel() throws -> [(model: String, sessions: Int, promptTokens: Int, completionTokens: Int, transcriptTokens: Int)] {
        try connection.query(
            """
            SELECT s.model, count(*) AS sessions, sum(s.prompt_tokens) AS prompt, sum(s.completion_tokens) AS completion,
                   coalesce(sum((SELECT sum(tokens) FROM transcript_entries e WHERE e.session_id = s.id)), 0) AS transcript
            FROM sessions s GROUP BY s.model ORDER BY transcript DESC
            """
        ).map { row in
            (try row.string("model"), try row.int("sessions"), try row.int("prompt"), try row.int("completion"),
             try row.int("transcript"))
        }
    }

    /// The sessions that spent the most tokens (transcript tokens, and what the server reported).
    public func usageBySession(limit: Int = 10) throws -> [(session: Int, trip: Int?, model: String, transcriptTokens: Int, promptTokens: Int, completionTokens: Int)] {
        try connection.query(
            """
            SELECT s.id, s.trip_id, s.model, s.prompt_tokens, s.completion_tokens,
                   (SELECT coalesce(sum(tokens), 0) FROM transcript_entries e WHERE e.session_id = s.id) AS transcript
            FROM sessions s ORDER BY transcript + s.prompt_tokens + s.completion_tokens DESC, s.id DESC LIMIT ?
            """,
            [max(1, limit)]
        ).map { row in
            (try row.int("id"), try row.optionalInt("trip_id"), try row.string("model"), try row.int("transcript"),
             try row.int("prompt_tokens"), try row.int("completion_tokens"))
        }
    }

    /// Tokens each tool's output has put into transcripts.
    public func usageByTool() throws -> [(tool: String, calls: Int, tokens: Int)] {
        try connection.query(
            """
            SELECT tool, count(*) AS calls, sum(tokens) AS tokens FROM transcript_entries
            WHERE kind = 'toolOutput' AND tool IS NOT NULL GROUP BY tool ORDER BY tokens DESC
            """
        ).map { (try $0.string("tool"), try $0.int("calls"), try $0.int("tokens")) }
    }
}
