import FoundationEssentials

/// What `Store.claimSession` did: started the session, or found the trip's session of the same purpose
/// that another live process is running (and started none).
public enum SessionClaim: Sendable, Equatable {
    case started(id: Int)
    case busy(SessionRecord)
}
