import Foundation

/// A successful HTTP response as the cache keeps it.
public struct CachedResponse: Sendable, Equatable {
    public var url: String
    public var status: Int
    public var contentType: String?
    public var body: Data
    public var etag: String?
    public var lastModified: String?
    /// When the body was fetched from the origin.
    public var fetchedAt: Date
    /// When it stops being fresh.
    public var expiresAt: Date
    /// When it was last fetched or revalidated.
    public var validatedAt: Date

    public init(
        url: String, status: Int, contentType: String?, body: Data, etag: String?, lastModified: String?,
        fetchedAt: Date, expiresAt: Date, validatedAt: Date
    ) {
        self.url = url
        self.status = status
        self.contentType = contentType
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.expiresAt = expiresAt
        self.validatedAt = validatedAt
    }

    /// Whether it is still fresh at `date` for a kind whose answers live at most `maximumLifetime` seconds
    /// (`CacheFreshness`, the rule every cache read applies).
    public func isFresh(at date: Date, maximumLifetime: TimeInterval) -> Bool {
        CacheFreshness.isFresh(expiresAt: expiresAt, validatedAt: validatedAt, at: date, maximumLifetime: maximumLifetime)
    }
}

/// How big the cache is and how it has answered.
public struct CacheStatistics: Sendable, Equatable {
    public var entries: Int
    public var bytes: Int
    public var expired: Int
    public var hits: Int
    public var misses: Int
    public var revalidated: Int
    public var stale: Int
    public var networkRequests: Int

    /// Hits over all lookups, or nil before any.
    public var hitRate: Double? {
        let lookups = hits + misses + revalidated + stale
        return lookups == 0 ? nil : Double(hits) / Double(lookups)
    }
}
