import FoundationEssentials
import Model
import Store

/// Another live plan process is running a pack (or ask) of the same trip: this one does not start a second
/// session beside it (exit 75, try again when it is done).
public struct SessionInProgressError: Error, LocalizedError, Sendable, Equatable {
    public var tripID: Int
    public var sessionID: Int
    public var purpose: SessionPurpose
    public var pid: Int

    public init(tripID: Int, sessionID: Int, purpose: SessionPurpose, pid: Int) {
        self.tripID = tripID
        self.sessionID = sessionID
        self.purpose = purpose
        self.pid = pid
    }

    public var errorDescription: String? {
        "another 'plan \(purpose.rawValue)' of trip \(tripID) is in progress (session \(sessionID), process \(pid))."
    }

    public var recoverySuggestion: String? {
        "Wait for it to finish, or stop it (Ctrl-C, or kill \(pid)); the next 'plan \(purpose.rawValue) \(tripID)' then resumes its session."
    }
}
