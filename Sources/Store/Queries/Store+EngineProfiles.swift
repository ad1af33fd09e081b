import FoundationEssentials
import Model

extension Store {
    // MARK: - Engine profiles

    /// The profile learnt for a model on a server (its JSON), unless it has expired. `model` is the name
    /// asked for ("" when none is named): one server's models have windows of their own.
    public func engineProfile(baseURL: String, model: String) throws -> String? {
        let now = clock().timeIntervalSince1970
        return try connection.first(
            "SELECT profile FROM engine_profiles WHERE base_url = ? AND model = ? AND expires_at > ?", [baseURL, model, now]
        )?.string("profile")
    }

    /// Remembers what was learnt about a model on a server for `lifetime` seconds (replacing what was known).
    public func saveEngineProfile(baseURL: String, model: String, json: String, lifetime: TimeInterval) throws {
        let now = clock().timeIntervalSince1970
        try connection.write {
            try connection.query(
                """
                INSERT INTO engine_profiles (base_url, model, profile, learnt_at, expires_at) VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (base_url, model) DO UPDATE SET profile = excluded.profile, learnt_at = excluded.learnt_at,
                                                            expires_at = excluded.expires_at
                """,
                [baseURL, model, json, now, now + max(0, lifetime)]
            )
        }
    }

    /// Forgets every profile learnt for a server (any model, expired or not); the JSON of those that had not
    /// expired, for saying what was forgotten.
    public func forgetEngineProfiles(baseURL: String) throws -> [String] {
        let now = clock().timeIntervalSince1970
        return try connection.write {
            let live = try connection.query(
                "SELECT profile FROM engine_profiles WHERE base_url = ? AND expires_at > ? ORDER BY model", [baseURL, now]
            ).map { try $0.string("profile") }
            try connection.query("DELETE FROM engine_profiles WHERE base_url = ?", [baseURL])
            return live
        }
    }

    /// Adds hidden reasoning tokens a server reported for a session.
    public func addReasoningTokens(sessionID: Int, tokens: Int) throws {
        guard tokens > 0 else { return }
        try connection.write {
            try connection.query(
                "UPDATE sessions SET reasoning_tokens = reasoning_tokens + ? WHERE id = ?", [tokens, sessionID]
            )
        }
    }

    /// Reasoning tokens by model (models whose sessions reported none are left out).
    public func reasoningTokensByModel() throws -> [String: Int] {
        try requireBelievableCounts()
        var byModel: [String: Int] = [:]
        // total(), not sum(): with every row believable the total is exact, and sum() can still fail on overflow.
        for row in try connection.query(
            """
            SELECT model, CAST(min(total(reasoning_tokens), 1e15) AS INTEGER) AS tokens FROM sessions
            GROUP BY model HAVING total(reasoning_tokens) > 0
            """
        ) {
            byModel[try row.string("model")] = try row.int("tokens")
        }
        return byModel
    }

    /// A session's reasoning tokens.
    public func reasoningTokens(sessionID: Int) throws -> Int {
        try connection.first("SELECT id, reasoning_tokens FROM sessions WHERE id = ?", [sessionID])?.count("reasoning_tokens") ?? 0
    }

    /// The trip's newest pack session cut short and not yet resumed (no session carries on from it).
    public func interruptedSession(tripID: Int, purpose: SessionPurpose = .pack) throws -> SessionRecord? {
        try connection.first(
            Store.sessionSelect + """
                 WHERE s.trip_id = ? AND s.purpose = ? AND s.status = 'interrupted'
                   AND NOT EXISTS (SELECT 1 FROM sessions c WHERE c.parent_id = s.id)
                   AND s.id = (SELECT max(id) FROM sessions WHERE trip_id = s.trip_id AND purpose = s.purpose)
                """,
            [tripID, purpose.rawValue]
        ).map(Store.session(from:))
    }
}

extension Store {
    /// Marks the trip's running sessions `interrupted` (Ctrl-C during a pack or ask): the next one resumes
    /// them. With `owner`, only that process's sessions (another plan's session on the trip is its own).
    public func interruptRunningSessions(tripID: Int, reason: String, owner: SessionOwner? = SessionOwner.current) throws {
        let now = clock().timeIntervalSince1970
        try connection.write {
            if let owner {
                try connection.query(
                    """
                    UPDATE sessions SET status = 'interrupted', error = ?, ended_at = ?
                    WHERE trip_id = ? AND status = 'running' AND owner_pid = ? AND owner_token = ?
                    """,
                    [Store.errorLine(reason), now, tripID, owner.pid, owner.token]
                )
            } else {
                try connection.query(
                    "UPDATE sessions SET status = 'interrupted', error = ?, ended_at = ? WHERE trip_id = ? AND status = 'running'",
                    [Store.errorLine(reason), now, tripID]
                )
            }
        }
    }
}
