/// How big the HTTP cache is and how it has answered (`plan history --usage`, `plan doctor`).
public struct CacheStatistics: Sendable, Equatable {
    public var entries: Int
    public var bytes: Int
    public var expired: Int
    public var hits: Int
    public var misses: Int
    public var revalidated: Int
    public var stale: Int
    public var networkRequests: Int

    public init(
        entries: Int, bytes: Int, expired: Int, hits: Int, misses: Int, revalidated: Int, stale: Int, networkRequests: Int
    ) {
        self.entries = entries
        self.bytes = bytes
        self.expired = expired
        self.hits = hits
        self.misses = misses
        self.revalidated = revalidated
        self.stale = stale
        self.networkRequests = networkRequests
    }

    /// Hits over all lookups, or nil before any.
    public var hitRate: Double? {
        let lookups = hits + misses + revalidated + stale
        return lookups == 0 ? nil : Double(hits) / Double(lookups)
    }
}
