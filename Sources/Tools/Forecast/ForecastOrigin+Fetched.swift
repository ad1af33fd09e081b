import FoundationEssentials
import Model

extension ForecastOrigin {
    /// How the HTTP cache answered, `age` seconds after the body was fetched.
    public init(_ origin: FetchedResponse.Origin, age: TimeInterval) {
        switch origin {
        case .network: self = .live
        case .cache, .allowedStale: self = .cached
        case .revalidated: self = .revalidated
        case .offline: self = .offline(age: age)
        case let .stale(reason): self = .stale(age: age, reason: reason)
        }
    }
}
