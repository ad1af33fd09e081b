import FoundationEssentials
import Model

extension Store {
    // MARK: - Usage

    /// The stored token counts the usage sums add up, each of which must be a believable count.
    static let summedCounts = [
        ("sessions", "prompt_tokens"), ("sessions", "completion_tokens"), ("sessions", "reasoning_tokens"),
        ("transcript_entries", "tokens"),
    ]

    /// Range-checks every count a usage sum adds before the sum is believed: the first row outside
    /// `Row.believableCounts` (2^62 tokens written behind plan's back) is a damaged row, named by table and id.
    func requireBelievableCounts() throws {
        for (table, column) in Store.summedCounts {
            let bad = try connection.first(
                """
                SELECT id FROM \(table)
                WHERE NOT (typeof(\(column)) = 'integer' AND \(column) BETWEEN 0 AND ?) LIMIT 1
                """,
                [Row.believableCounts.upperBound]
            )
            if let bad {
                throw StoreError.corruptValue(
                    column: "\(table).\(column) (row \(try bad.int("id")))", detail: "not a believable count"
                )
            }
        }
    }

    /// Tokens by model: sessions, prompt and completion tokens reported by servers, and transcript tokens.
    public func usageByModel() throws -> [(model: String, sessions: Int, promptTokens: Int, completionTokens: Int, transcriptTokens: Int)] {
        try requireBelievableCounts()
        return try connection.query(
            """
            SELECT s.model, count(*) AS sessions, CAST(max(min(total(s.prompt_tokens), 1e15), -1e15) AS INTEGER) AS prompt, CAST(max(min(total(s.completion_tokens), 1e15), -1e15) AS INTEGER) AS completion,
                   CAST(max(min(total((SELECT total(tokens) FROM transcript_entries e WHERE e.session_id = s.id)), 1e15), -1e15) AS INTEGER) AS transcript
            FROM sessions s GROUP BY s.model ORDER BY transcript DESC
            """
        ).map { row in
            (try row.string("model"), try row.int("sessions"), try row.int("prompt"), try row.int("completion"),
             try row.int("transcript"))
        }
    }

    /// The sessions that spent the most tokens (transcript tokens, and what the server reported).
    public func usageBySession(limit: Int = 10) throws -> [(session: Int, trip: Int?, model: String, transcriptTokens: Int, promptTokens: Int, completionTokens: Int)] {
        try requireBelievableCounts()
        return try connection.query(
            """
            SELECT s.id, s.trip_id, s.model, s.prompt_tokens, s.completion_tokens,
                   (SELECT CAST(max(min(total(tokens), 1e15), -1e15) AS INTEGER) FROM transcript_entries e WHERE e.session_id = s.id) AS transcript
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
        try requireBelievableCounts()
        return try connection.query(
            """
            SELECT tool, count(*) AS calls, CAST(max(min(total(tokens), 1e15), -1e15) AS INTEGER) AS tokens FROM transcript_entries
            WHERE kind = 'toolOutput' AND tool IS NOT NULL GROUP BY tool ORDER BY tokens DESC
            """
        ).map { (try $0.string("tool"), try $0.int("calls"), try $0.int("tokens")) }
    }
}
