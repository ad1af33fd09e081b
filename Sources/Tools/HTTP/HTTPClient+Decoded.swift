import FoundationEssentials

/// A value decoded from a GET, and how the cache answered.
public struct DecodedFetch<Value> {
    public var value: Value
    /// How the cache answered.
    public var origin: FetchedResponse.Origin
    /// When the body behind the value was fetched from the origin server.
    public var fetchedAt: Date
}

extension DecodedFetch: Sendable where Value: Sendable {}

extension HTTPClient {
    /// `get`, then `decode` on the response, with the decoded value kept beside the cached body as a
    /// `CompactRecord`: a fresh hit whose record is there reads neither the body nor decodes it; it only
    /// reads the record and counts the hit (in memory; see `Store.flushCounters()`).
    public func getDecoded<Value: CompactRecord>(
        _ url: URL, service: String, kind: ResourceKind, accept: String = "application/json",
        accepts: @Sendable (Data) -> Bool = { _ in true },
        decode: (FetchedResponse) throws -> Value
    ) async throws -> DecodedFetch<Value> {
        let key = url.absoluteString
        if mode == .normal, let hit = try await store.freshDecoded(url: key, at: clock(), maximumLifetime: kind.maximumLifetime),
           let value = Value(record: hit.record) {
            try await store.count("cache.hit", url: key)
            return DecodedFetch(value: value, origin: .cache, fetchedAt: hit.fetchedAt)
        }
        let response = try await get(url, service: service, kind: kind, accept: accept, accepts: accepts)
        let value = try decode(response)
        // Only ever an optimization: a database that will not take it still gave the answer.
        try? await store.storeDecoded(url: key, fetchedAt: response.fetchedAt, record: value.record)
        return DecodedFetch(value: value, origin: response.origin, fetchedAt: response.fetchedAt)
    }
}
