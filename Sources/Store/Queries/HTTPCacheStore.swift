import FoundationEssentials

/// What Tools' `HTTPClient` needs of the database, and nothing more: the HTTP cache's entries, their decoded
/// records, and its counters (issue 42: narrow protocols for what each caller needs). `Store` conforms; the
/// client never sees trips, lists or sessions.
public protocol HTTPCacheStore: Actor {
    /// The stored response for `url`, if any.
    func cachedResponse(url: String) throws -> CachedResponse?
    /// The decoded record stored for `url`'s body when the entry is fresh at `now`.
    func freshDecoded(url: String, at now: Date, maximumLifetime: TimeInterval) throws -> DecodedResponse?
    /// Stores the decoded record of the body fetched at `fetchedAt`.
    func storeDecoded(url: String, fetchedAt: Date, record: String) throws
    /// Stores a response (its lifetime capped at `maximumLifetime`).
    func storeResponse(_ response: CachedResponse, maximumLifetime: TimeInterval?) throws
    /// A 304's new headers and lifetime for the stored entry.
    func refreshResponse(
        url: String, headers: [String: String], etag: String?, lastModified: String?, expiresAt: Date, validatedAt: Date
    ) throws
    /// Counts `counter` (and `url`'s entry) in memory, `times` times.
    func count(_ counter: String, url: String?, times: Int) throws
}

extension Store: HTTPCacheStore {}

extension HTTPCacheStore {
    /// Counts `counter` once, for `url`'s entry too.
    public func count(_ counter: String, url: String) throws { try count(counter, url: url, times: 1) }
    /// Counts `counter` `times` times.
    public func count(_ counter: String, times: Int) throws { try count(counter, url: nil, times: times) }
    /// Counts `counter` once.
    public func count(_ counter: String) throws { try count(counter, url: nil, times: 1) }
}
