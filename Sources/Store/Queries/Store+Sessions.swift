import FoundationEssentials
import Model

extension Store {
    // MARK: - Sessions

    /// Starts a session and returns its id. `trip`: the trip as it begins (its revision and, for
    /// `sessionTrip`, its stops are recorded with the session).
    public func createSession(
        tripID: Int?, parentID: Int? = nil, relation: SessionRelation? = nil, purpose: SessionPurpose, model: String,
        contextSize: Int, sampling: SessionSampling? = nil, owner: SessionOwner? = SessionOwner.current,
        trip: Trip? = nil
    ) throws -> Int {
        let snapshot = try trip.map(Store.tripSnapshot)
        return try connection.write {
            try insertSession(
                tripID: tripID, parentID: parentID, relation: relation, purpose: purpose, model: model,
                contextSize: contextSize, sampling: sampling, owner: owner, trip: (trip?.revision, snapshot)
            )
        }
    }

    /// Starts the trip's session of `purpose` unless another live process runs one: the check and the insert
    /// are one write transaction, so of two commands starting at once exactly one starts.
    public func claimSession(
        tripID: Int, parentID: Int? = nil, relation: SessionRelation? = nil, purpose: SessionPurpose, model: String,
        contextSize: Int, sampling: SessionSampling? = nil, owner: SessionOwner? = SessionOwner.current,
        trip: Trip? = nil
    ) throws -> SessionClaim {
        let snapshot = try trip.map(Store.tripSnapshot)
        return try connection.write {
            let busy = try connection.query(
                Store.sessionSelect + " WHERE s.trip_id = ? AND s.purpose = ? AND s.status = 'running' ORDER BY s.id DESC",
                [tripID, purpose.rawValue]
            ).map(Store.session(from:)).first { session in
                guard let other = session.owner else { return false }
                return other.isAlive && other != owner
            }
            if let busy { return .busy(busy) }
            return .started(id: try insertSession(
                tripID: tripID, parentID: parentID, relation: relation, purpose: purpose, model: model, contextSize: contextSize,
                sampling: sampling, owner: owner, trip: (trip?.revision, snapshot)
            ))
        }
    }

    /// The trip as it was when session `id` began (its stops, places, dates and activities); nil when the
    /// session recorded none (it is from before trips were recorded with sessions) or there is no such session.
    public func sessionTrip(id: Int) throws -> Trip? {
        guard let text = try connection.first("SELECT trip_snapshot FROM sessions WHERE id = ?", [id])?
            .optionalString("trip_snapshot")
        else { return nil }
        do {
            return try JSONDecoder().decode(Trip.self, from: Data(text.utf8))
        } catch {
            throw StoreError.corruptValue(column: "sessions.trip_snapshot", detail: "not a trip")
        }
    }

    static func tripSnapshot(_ trip: Trip) throws -> String {
        String(decoding: try JSONEncoder().encode(trip), as: UTF8.self)
    }

    /// Records what the engine said once probed: the model's served name and its window.
    public func setSessionModel(id: Int, model: String, contextSize: Int) throws {
        try connection.write {
            try connection.query(
                "UPDATE sessions SET model = ?, context_size = ? WHERE id = ?", [model, max(1, contextSize), id]
            )
        }
    }

    /// Removes a session that never began (its engine could not be reached): it holds no entries.
    public func discardSession(id: Int) throws {
        try connection.write {
            try connection.query(
                "DELETE FROM sessions WHERE id = ? AND NOT EXISTS (SELECT 1 FROM transcript_entries WHERE session_id = ?)", [id, id]
            )
        }
    }

    private func insertSession(
        tripID: Int?, parentID: Int?, relation: SessionRelation?, purpose: SessionPurpose, model: String,
        contextSize: Int, sampling: SessionSampling?, owner: SessionOwner?, trip: (revision: Int?, snapshot: String?)
    ) throws -> Int {
        try connection.query(
            """
            INSERT INTO sessions (trip_id, parent_id, relation, purpose, model, context_size, started_at, sampling,
                                  temperature, seed, owner_pid, owner_token, trip_revision, trip_snapshot)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [tripID, parentID, relation?.rawValue, purpose.rawValue, model, max(1, contextSize), clock().timeIntervalSince1970,
             sampling?.mode, sampling?.temperature, sampling?.seed, owner?.pid, owner.map { String($0.token.prefix(200)) },
             trip.revision.map { max(0, $0) }, trip.snapshot]
        )
        return connection.lastInsertID
    }

    /// Appends an entry (numbered after the session's last) and returns it. Written at once, so a crash
    /// loses at most what was in flight. `kind` is the entry's kind by its framework's name
    /// (`Transcript.Kind`'s raw value; the table's CHECK refuses any other, `StoreError.sqlite`); `entryID` is
    /// the entry's own id (`Transcript.Entry.id`), when it has one.
    @discardableResult
    public func appendEntry(
        sessionID: Int, kind: String, entryID: String? = nil, tool: String? = nil, text: String, payload: String? = nil,
        tokens: Int
    ) throws -> TranscriptRecord {
        let now = clock()
        // Written within what a read believes (`Row.believableCounts`), so plan never stores a damaged count.
        let tokens = min(max(0, tokens), Row.believableCounts.upperBound)
        return try connection.write {
            let next = try connection.first(
                "SELECT coalesce(max(seq) + 1, 0) AS next FROM transcript_entries WHERE session_id = ?", [sessionID]
            )?.int("next") ?? 0
            try connection.query(
                """
                INSERT INTO transcript_entries (session_id, seq, kind, entry_id, tool, text, payload, tokens, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                """,
                [sessionID, next, kind, entryID, tool, text, payload, tokens, now.timeIntervalSince1970]
            )
            return TranscriptRecord(
                id: connection.lastInsertID, sessionID: sessionID, seq: next, kind: kind, entryID: entryID, tool: tool,
                text: text, payload: payload, tokens: tokens, isInContext: true, createdAt: now
            )
        }
    }

    /// Marks entries, by their entry ids, as no longer in the model's context (condensing never deletes them).
    public func dropFromContext(sessionID: Int, entryIDs: [String]) throws {
        guard !entryIDs.isEmpty else { return }
        try connection.write {
            for entryID in entryIDs {
                try connection.query(
                    "UPDATE transcript_entries SET in_context = 0 WHERE session_id = ? AND entry_id = ?", [sessionID, entryID]
                )
            }
        }
    }

    /// Adds token usage reported by the model server.
    public func addUsage(sessionID: Int, promptTokens: Int, completionTokens: Int) throws {
        try connection.write {
            try connection.query(
                """
                UPDATE sessions SET prompt_tokens = prompt_tokens + ?, completion_tokens = completion_tokens + ?
                WHERE id = ?
                """,
                [max(0, promptTokens), max(0, completionTokens), sessionID]
            )
        }
    }

    /// Ends a session: `completed`, `recovered` or `failed` (with the error, kept as one line of at most
    /// `maximumErrorLength` characters: a server's 5 MB error page is not worth storing).
    public func finishSession(id: Int, status: SessionStatus, error: String? = nil) throws {
        let now = clock().timeIntervalSince1970
        let line = error.map(Self.errorLine)
        try connection.write {
            try connection.query(
                "UPDATE sessions SET status = ?, error = ?, ended_at = ? WHERE id = ?", [status.rawValue, line, now, id]
            )
        }
    }

    /// The longest error text stored with a session.
    public static let maximumErrorLength = 500

    static func errorLine(_ text: String) -> String {
        let flat = String(String.UnicodeScalarView(text.unicodeScalars.prefix(maximumErrorLength * 2).map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar
        }))
        return flat.count > maximumErrorLength ? String(flat.prefix(maximumErrorLength - 1)) + "…" : flat
    }

    /// One session with its counts.
    public func session(id: Int) throws -> SessionRecord? {
        try connection.first(Store.sessionSelect + " WHERE s.id = ?", [id]).map(Store.session(from:))
    }

    /// The trip's newest session of one of `purposes`, and of one of `statuses` when given.
    public func latestSession(
        tripID: Int, purposes: Set<SessionPurpose> = Set(SessionPurpose.allCases), statuses: Set<SessionStatus>? = nil
    ) throws -> SessionRecord? {
        try connection.query(
            Store.sessionSelect + " WHERE s.trip_id = ? ORDER BY s.started_at DESC, s.id DESC", [tripID]
        ).lazy.map(Store.session(from:)).first { session in
            purposes.contains(session.purpose) && (statuses?.contains(session.status) ?? true)
        }
    }

    /// Sessions newest first, filtered.
    public func sessions(_ filter: SessionFilter) throws -> [SessionRecord] {
        var clauses: [String] = []
        var values: [any SQLBindable] = []
        if let trip = filter.tripID {
            clauses.append("s.trip_id = ?")
            values.append(trip)
        }
        if let model = filter.model {
            clauses.append("s.model LIKE ? ESCAPE '\\'")
            values.append("%" + Store.escapeLike(model) + "%")
        }
        if let since = filter.since {
            clauses.append("s.started_at >= ?")
            values.append(since.timeIntervalSince1970)
        }
        if let tool = filter.tool {
            clauses.append("EXISTS (SELECT 1 FROM transcript_entries e WHERE e.session_id = s.id AND e.tool = ?)")
            values.append(tool)
        }
        let whereClause = clauses.isEmpty ? "" : " WHERE " + clauses.joined(separator: " AND ")
        values.append(max(1, filter.limit))
        return try connection.query(
            Store.sessionSelect + whereClause + " ORDER BY s.started_at DESC, s.id DESC LIMIT ?", values
        ).map(Store.session(from:))
    }

    /// A session's entries in order.
    public func entries(sessionID: Int) throws -> [TranscriptRecord] {
        try connection.query(
            """
            SELECT id, session_id, seq, kind, entry_id, tool, text, payload, tokens, in_context, created_at
            FROM transcript_entries WHERE session_id = ? ORDER BY seq
            """,
            [sessionID]
        ).map { row in
            TranscriptRecord(
                id: try row.int("id"), sessionID: try row.int("session_id"), seq: try row.int("seq"),
                kind: try row.string("kind"), entryID: try row.optionalString("entry_id"),
                tool: try row.optionalString("tool"),
                text: try row.string("text"),
                payload: try row.optionalString("payload"), tokens: try row.count("tokens"),
                isInContext: try row.int("in_context") == 1,
                createdAt: Date(timeIntervalSince1970: try row.double("created_at"))
            )
        }
    }

    // MARK: - Packing lists

    /// Saves a packing list a session produced for revision `tripRevision` of its trip (nil: the trip as it
    /// is now). A trip changed since that revision gets the list stored out of date, saying what changed:
    /// never as its current list.
    @discardableResult
    public func savePackingList(
        tripID: Int, sessionID: Int?, model: String, json: String, tripRevision: Int? = nil
    ) throws -> StoredPackingList {
        let now = clock()
        return try connection.write {
            let trip = try connection.first("SELECT revision, change_note FROM trips WHERE id = ?", [tripID])
            let current = try trip?.int("revision") ?? 0
            let made = tripRevision ?? current
            var outOfDate: String?
            if made < current {
                let note = try trip?.optionalString("change_note") ?? "the trip changed"
                outOfDate = String(("the trip changed while it was being packed: " + note).prefix(200))
            }
            try connection.query(
                """
                INSERT INTO packing_lists (trip_id, session_id, model, list, created_at, out_of_date, trip_revision)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [tripID, sessionID, model, json, now.timeIntervalSince1970, outOfDate, max(0, made)]
            )
            return StoredPackingList(
                id: connection.lastInsertID, tripID: tripID, sessionID: sessionID, model: model, json: json, createdAt: now,
                outOfDate: outOfDate, tripRevision: max(0, made)
            )
        }
    }

    /// The trip's newest packing list.
    public func latestPackingList(tripID: Int) throws -> StoredPackingList? {
        try connection.first(
            """
            \(Store.packingListSelect) WHERE trip_id = ? ORDER BY created_at DESC, id DESC LIMIT 1
            """,
            [tripID]
        ).map(Store.packingList(from:))
    }

    /// The packing list a session produced (following recovered sessions to their descendants).
    public func packingList(sessionID: Int) throws -> StoredPackingList? {
        try connection.first(
            """
            WITH RECURSIVE family(id) AS (
                SELECT ? UNION SELECT s.id FROM sessions s JOIN family f ON s.parent_id = f.id
                WHERE s.relation IN ('condensed', 'summarized', 'fresh')
            )
            \(Store.packingListSelect) WHERE session_id IN (SELECT id FROM family) ORDER BY created_at DESC, id DESC LIMIT 1
            """,
            [sessionID]
        ).map(Store.packingList(from:))
    }

    // MARK: - Rows

    static let sessionSelect = """
        SELECT s.id, s.trip_id, s.parent_id, s.relation, s.purpose, s.model, s.context_size, s.status, s.error,
               s.prompt_tokens, s.completion_tokens, s.started_at, s.ended_at, s.sampling, s.temperature, s.seed,
               s.owner_pid, s.owner_token, s.trip_revision, s.reasoning_tokens,
               (SELECT count(*) FROM transcript_entries e WHERE e.session_id = s.id) AS entry_count,
               (SELECT CAST(max(min(total(tokens), 1e15), -1e15) AS INTEGER) FROM transcript_entries e
                WHERE e.session_id = s.id AND e.in_context = 1) AS context_tokens,
               (SELECT e.id FROM transcript_entries e WHERE e.session_id = s.id
                AND NOT (typeof(e.tokens) = 'integer' AND e.tokens BETWEEN 0 AND \(Row.believableCounts.upperBound))
                LIMIT 1) AS uncountable_entry
        FROM sessions s
        """

    /// A session's counts, range-checked: its own columns, and its entries' tokens before their sum is believed
    /// (an entry of 2^62 tokens is a damaged `transcript_entries` row, named, not a trap in a sum).
    static func checkCounts(of row: Row) throws {
        if case let .integer(entry) = row["uncountable_entry"] {
            throw StoreError.corruptValue(column: "transcript_entries.tokens (row \(entry))", detail: "not a believable count")
        }
        _ = try row.count("reasoning_tokens")
    }

    static func session(from row: Row) throws -> SessionRecord {
        try checkCounts(of: row)
        return SessionRecord(
            id: try row.int("id"), tripID: try row.optionalInt("trip_id"), parentID: try row.optionalInt("parent_id"),
            relation: try row.optionalString("relation").map { try Store.enumValue(SessionRelation.self, $0, "relation") },
            purpose: try Store.enumValue(SessionPurpose.self, row, "purpose"),
            model: try row.string("model"), contextSize: try row.int("context_size"),
            status: try Store.enumValue(SessionStatus.self, row, "status"),
            error: try row.optionalString("error"), promptTokens: try row.count("prompt_tokens"),
            completionTokens: try row.count("completion_tokens"),
            startedAt: Date(timeIntervalSince1970: try row.double("started_at")),
            endedAt: try row.optionalDouble("ended_at").map(Date.init(timeIntervalSince1970:)),
            entryCount: try row.int("entry_count"), contextTokens: try row.int("context_tokens"),
            sampling: try row.optionalString("sampling").map { mode in
                SessionSampling(mode: mode, temperature: try row.optionalDouble("temperature"), seed: try row.optionalInt("seed"))
            },
            owner: try Store.owner(from: row), tripRevision: try row.optionalInt("trip_revision")
        )
    }

    static let packingListSelect = """
        SELECT id, trip_id, session_id, model, list, created_at, out_of_date, trip_revision FROM packing_lists
        """

    static func packingList(from row: Row) throws -> StoredPackingList {
        StoredPackingList(
            id: try row.int("id"), tripID: try row.int("trip_id"), sessionID: try row.optionalInt("session_id"),
            model: try row.string("model"), json: try row.string("list"),
            createdAt: Date(timeIntervalSince1970: try row.double("created_at")),
            outOfDate: try row.optionalString("out_of_date"), tripRevision: try row.int("trip_revision")
        )
    }

    /// A stored name read back as its enum; a name this binary does not know is a damaged database.
    static func enumValue<Value: RawRepresentable>(_ type: Value.Type, _ row: Row, _ column: String) throws -> Value
    where Value.RawValue == String {
        let text = try row.string(column)
        guard let value = Value(rawValue: text) else {
            throw row.damaged(column, "unknown value \"\(text.prefix(40))\"")
        }
        return value
    }

    static func enumValue<Value: RawRepresentable>(_ type: Value.Type, _ text: String, _ column: String) throws -> Value
    where Value.RawValue == String {
        guard let value = Value(rawValue: text) else {
            throw StoreError.corruptValue(column: column, detail: "unknown value \"\(text.prefix(40))\"")
        }
        return value
    }

    static func escapeLike(_ text: String) -> String {
        text.replacing("\\", with: "\\\\").replacing("%", with: "\\%")
            .replacing("_", with: "\\_")
    }
}
