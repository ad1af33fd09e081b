import Foundation

/// What a URL holds, which sets our own minimum lifetime and how stale a copy may be served on failure.
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

    /// Responses stay fresh at least this long, whatever the server says (a forecast rarely changes
    /// within the hour; NWS sends `max-age` of a few minutes).
    public var minimumLifetime: TimeInterval {
        switch self {
        case .point: return 14 * 86_400
        case .forecast: return 3_600
        case .place: return 90 * 86_400
        case .climate: return 365 * 86_400
        case .alerts: return 300
        }
    }

    /// Responses stay fresh at most this long, whatever the server says (a forecast a day, a point
    /// mapping 30 days, a place 90 days): a `max-age` of years, or `inf`, cannot pin an answer forever.
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

    /// When the network fails, a stale copy up to this old is served (with its age said).
    public var maximumStaleness: TimeInterval {
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
