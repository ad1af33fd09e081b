import FoundationEssentials

/// Where a forecast came from, as the program reads it (no sentinel strings).
public enum ForecastOrigin: Codable, Sendable, Equatable {
    /// Fetched from the service just now.
    case live
    /// From the cache, within its lifetime; no request made.
    case cached
    /// The cached copy, confirmed unchanged by the service just now.
    case revalidated
    /// A copy past its lifetime, served because the service failed (`reason`), fetched `age` seconds ago.
    case stale(age: TimeInterval, reason: String)
    /// The forecast pinned to the trip when it was first packed (show, replay).
    case pinned
    /// Offline: the cached copy, past its lifetime, fetched `age` seconds ago.
    case offline(age: TimeInterval)

    /// Whether the forecast may be out of date (a stale or offline copy; a pinned one is the trip's own).
    public var isStale: Bool {
        switch self {
        case .stale, .offline: return true
        case .live, .cached, .revalidated, .pinned: return false
        }
    }
}
