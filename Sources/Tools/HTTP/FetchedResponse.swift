import FoundationEssentials
import Model
import Store

/// A response body and how it was obtained.
public struct FetchedResponse: Sendable, Equatable {
    /// How the cache answered.
    public enum Origin: Sendable, Equatable {
        /// Fresh from the cache; no request made.
        case cache
        /// Fetched from the network just now.
        case network
        /// From the cache, past the server's lifetime but within its `stale-while-revalidate` window; no
        /// request made.
        case allowedStale
        /// The cached copy, confirmed unchanged by a 304 just now.
        case revalidated
        /// A stale cached copy served because the network failed (the reason).
        case stale(reason: String)
        /// Offline mode: the cached copy, past its lifetime.
        case offline
    }

    public var url: String
    public var body: Data
    public var origin: Origin
    /// When the body was fetched from the origin server.
    public var fetchedAt: Date
    /// The HTTP status of the response whose body this is (200 unless `HTTPClient.fetch` handed back another).
    public var status: Int = 200

    /// Seconds since the body was fetched.
    public func age(at now: Date) -> TimeInterval { max(0, now.timeIntervalSince(fetchedAt)) }

    public var isStale: Bool {
        switch origin {
        case .stale, .offline: return true
        case .cache, .network, .revalidated, .allowedStale: return false
        }
    }
}
