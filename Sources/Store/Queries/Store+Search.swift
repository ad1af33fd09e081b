import FoundationEssentials
import Model

extension Store {
    // MARK: - Full-text search

    /// How many of a query's newest matches `search` ranks by relevance. bm25 over every match grows with
    /// the history (21,000 matches of a common word at 100,000 exchanges cost about 200 million
    /// instructions); over the newest 1,000 the whole search stays about as fast at 100,000 exchanges as at
    /// 1,000. A word with fewer matches than this is ranked over all of them.
    public static let rankedMatches = 1_000

    /// The longest entry (bytes) whose snippet FTS5 makes: `snippet()` walks every match of the entry, so a
    /// stored 900 KB "snow snow …" took minutes. A longer entry's snippet is cut from its first
    /// `snippetWindow` bytes by plan itself.
    public static let snippetLimit = 64 * 1024
    /// How much of a long entry plan's own snippet looks at (bytes).
    public static let snippetWindow = 8 * 1024

    /// Full-text search over transcript text, best match first among the newest `rankedMatches` matches
    /// (or newest first). Whatever the user typed is turned into quoted FTS5 terms, so it can never be a
    /// syntax error.
    public func search(
        _ text: String, newestFirst: Bool = false, limit: Int = 20, rankedMatches: Int = Store.rankedMatches
    ) throws -> [SearchHit] {
        guard let query = Store.ftsQuery(text) else { return [] }
        // Rank (or order by id, which grows with time) inside the full-text index first, then join the
        // few rows kept: joining every match before the LIMIT costs most of the time at 100k entries.
        // Ranking is bounded: a first pass without bm25 finds the oldest rowid among the newest
        // `rankedMatches` matches (FTS5 walks its doclist backwards and stops), and bm25 ranks only the
        // matches from there on.
        let inner = newestFirst
            ? "transcript_fts MATCH ?1 ORDER BY rowid DESC"
            : """
              transcript_fts MATCH ?1 AND rowid >= (
                  SELECT coalesce(min(rowid), 0) FROM (
                      SELECT rowid FROM transcript_fts WHERE transcript_fts MATCH ?1 ORDER BY rowid DESC LIMIT ?3))
              ORDER BY rank
              """
        return try connection.query(
            """
            SELECT e.id, e.session_id, s.trip_id, e.kind, e.tool, e.created_at, f.snippet,
                   CASE WHEN f.snippet IS NULL THEN substr(e.text, 1, \(Store.snippetWindow)) END AS head
            FROM (SELECT rowid, rank,
                         CASE WHEN (SELECT length(CAST(text AS BLOB)) FROM transcript_entries WHERE id = transcript_fts.rowid)
                                   <= \(Store.snippetLimit)
                              THEN snippet(transcript_fts, 0, '[', ']', '…', 12) END AS snippet
                  FROM transcript_fts WHERE \(inner) LIMIT ?2) f
            JOIN transcript_entries e ON e.id = f.rowid
            JOIN sessions s ON s.id = e.session_id
            ORDER BY \(newestFirst ? "e.id DESC" : "f.rank")
            """,
            newestFirst ? [query, max(1, limit)] : [query, max(1, limit), max(1, rankedMatches)]
        ).map { row in
            SearchHit(
                entryID: try row.int("id"), sessionID: try row.int("session_id"), tripID: try row.optionalInt("trip_id"),
                kind: try row.string("kind"), tool: try row.optionalString("tool"),
                snippet: try row.optionalString("snippet") ?? Store.plainSnippet(try row.optionalString("head") ?? "", query: text),
                createdAt: Date(timeIntervalSince1970: try row.double("created_at"))
            )
        }
    }

    /// A snippet made by plan from the start of a long entry: about twelve words around the first word of
    /// the query found there (case-insensitive), the word in brackets, as FTS5's `snippet()` writes it.
    static func plainSnippet(_ head: String, query: String) -> String {
        let words = head.split(whereSeparator: { $0.isWhitespace })
        let wanted = query.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map { $0.lowercased() }
        let hit = words.firstIndex { word in
            let plain = word.filter { $0.isLetter || $0.isNumber }.lowercased()
            return wanted.contains { plain.hasPrefix($0) }
        }
        guard let hit else { return words.prefix(12).joined(separator: " ") + (words.count > 12 ? "…" : "") }
        let start = max(0, hit - 5), end = min(words.count, start + 12)
        var shown = words[start..<end].map(String.init)
        shown[hit - start] = "[" + shown[hit - start] + "]"
        return (start > 0 ? "…" : "") + shown.joined(separator: " ") + "…"
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
                terms.append("\"" + current.replacing("\"", with: "\"\"") + "\"" + prefix)
                current = ""
            }
        }
        guard !terms.isEmpty else { return nil }
        return terms.prefix(32).joined(separator: " ")
    }
}
