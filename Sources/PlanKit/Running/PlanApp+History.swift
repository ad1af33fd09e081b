import FoundationEssentials
import Model
import Store

/// The history as every front end reads it (`plan history`, `plan cache stats`): sessions, their entries,
/// a search, what was used.
extension PlanApp {
    /// The sessions `filter` keeps, newest first.
    public func sessions(_ filter: SessionFilter) async throws -> [SessionRecord] {
        try await openStore().sessions(filter)
    }

    /// Session `id`, nil when there is none.
    public func session(_ id: Int) async throws -> SessionRecord? {
        try await openStore().session(id: id)
    }

    /// The packing list session `id` made, nil when it made none.
    public func packingList(session id: Int) async throws -> StoredPackingList? {
        try await openStore().packingList(sessionID: id)
    }

    /// The trip as session `id` began with it (its stops, places and dates then), nil when not recorded.
    public func sessionTrip(_ id: Int) async throws -> Trip? {
        try await openStore().sessionTrip(id: id)
    }

    /// The trip's newest session of one of `purposes`, and of one of `statuses` when given.
    public func latestSession(tripID: Int, purposes: Set<SessionPurpose>, statuses: Set<SessionStatus>? = nil) async throws -> SessionRecord? {
        try await openStore().latestSession(tripID: tripID, purposes: purposes, statuses: statuses)
    }

    /// Session `id`'s entries in order.
    public func entries(session id: Int) async throws -> [TranscriptRecord] {
        try await openStore().entries(sessionID: id)
    }

    /// The reasoning tokens session `id`'s model spent (0 when it said none).
    public func reasoningTokens(session id: Int) async throws -> Int {
        try await openStore().reasoningTokens(sessionID: id)
    }

    /// Entries whose text matches `text` (full-text search), best first or newest first.
    public func search(_ text: String, newestFirst: Bool, limit: Int) async throws -> [SearchHit] {
        try await openStore().search(text, newestFirst: newestFirst, limit: limit)
    }

    /// Trip ids (`sessions`: false) or session ids, newest first (at most 200), each with a line a shell may
    /// show beside it; read without creating or migrating anything, so a missing database has none.
    public func completionCandidates(sessions: Bool) async throws -> [(id: Int, description: String)] {
        let found = sessions
            ? try await CompletionCandidates.sessions(databasePath: databasePath)
            : try await CompletionCandidates.trips(databasePath: databasePath)
        return found.map { ($0.id, $0.description) }
    }

    /// What `history --usage` reports, read in one place.
    public func usage() async throws -> UsageReport {
        let store = try openStore()
        return UsageReport(
            models: try await store.usageByModel(), tools: try await store.usageByTool(),
            sessions: try await store.usageBySession(), cache: try await store.cacheStatistics(),
            reasoning: try await store.reasoningTokensByModel()
        )
    }

    /// Drops what the HTTP cache holds past its lifetimes; gives the entries and bytes freed.
    public func pruneCache() async throws -> (entries: Int, bytes: Int) {
        try await openStore().pruneCache()
    }
}
