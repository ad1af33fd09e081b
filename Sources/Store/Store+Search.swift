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
                kind: try Store.enumValue(EntryKind.self, row, "kind"), tool: try row.optionalString("tool"), snippet: try row.string("snippet"),
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
}
