import FoundationEssentials

/// What a URL holds, which sets plan's own caching policy for it in RFC 9111's terms: a heuristic lifetime,
/// how stale a copy may be when the origin cannot answer (`max-stale` as `stale-if-error`), and a cap on
/// any lifetime. The server's `no-store`,
/// `no-cache` and `must-revalidate` always win over them.
public enum ResourceKind: String, Sendable {
    /// NWS `/points`: the point → forecast-grid mapping, which rarely changes.
    case point
    /// A forecast (NWS gridpoint forecast, Open-Meteo daily forecast).
    case forecast
    /// A geocoding answer.
    case place
    /// Open-Meteo's historical archive for a place and window: history, which does not change.
    case climate
    /// The NWS alerts in force for a point: they change by the minute.
    case alerts

    /// plan's heuristic freshness lifetime (RFC 9111 §4.2.2) for a response of this kind whose own fields
    /// give none (no `max-age`, no `Expires`) and whose status allows a heuristic: a forecast kept a few
    /// minutes, a place or point mapping a day, history a month; alerts none (they change by the minute).
    /// With `Last-Modified`, 10% of the time since then counts when longer. Never beyond `maximumLifetime`.
    public var heuristicLifetime: TimeInterval {
        switch self {
        case .point: return 86_400
        case .forecast: return 600
        case .place: return 7 * 86_400
        case .climate: return 30 * 86_400
        case .alerts: return 0
        }
    }

    /// Responses stay fresh at most this long, whatever the server says (a forecast a day, a point
    /// mapping 30 days, a place 90 days): a `max-age` of years cannot pin an answer forever.
    public var maximumLifetime: TimeInterval {
        switch self {
        case .point: return 30 * 86_400
        case .forecast: return 86_400
        case .place: return 90 * 86_400
        case .climate: return 365 * 86_400
        case .alerts: return 900
        }
    }

    /// The largest body accepted (real answers are a few KB: an NWS forecast about 40 KB).
    public var maximumBodyBytes: Int {
        switch self {
        case .point: return 512 * 1_024
        case .forecast: return 2 * 1_048_576
        case .place: return 1_048_576
        // Ten years of six daily variables for a long trip's window: about 200 KB a month of trip.
        case .climate: return 8 * 1_048_576
        case .alerts: return 2 * 1_048_576
        }
    }

    /// How stale a stored copy of this kind may be and still stand in — plan's `max-stale` (RFC 9111 §5.2.1.2)
    /// as a `stale-if-error` (RFC 5861 §4), both client request directives: when the network fails or the
    /// server answers 5xx, a copy stale by less than this (or the server's own `stale-if-error`, when longer)
    /// is served, with its age said. Never for `no-cache` or `must-revalidate`; while the origin answers,
    /// nothing stale is used without asking it.
    public var staleIfError: TimeInterval {
        switch self {
        case .point: return 365 * 86_400
        case .forecast: return 3 * 86_400
        case .place: return 365 * 86_400
        case .climate: return 10 * 365 * 86_400
        case .alerts: return 3_600
        }
    }
}

/// How a fetch may use the network.
public enum FetchMode: Sendable, Equatable {
    /// Fresh cache first, then the network (revalidating what is stale).
    case normal
    /// Revalidate even a fresh cached copy (`--fresh`).
    case fresh
    /// Never touch the network (`--offline`, `PLAN_OFFLINE=1`): the cache, whatever its age, or fail.
    case offline
}
