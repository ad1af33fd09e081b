import FoundationEssentials

/// How a session ended (stored as these names; the table's CHECK lists the same).
public enum SessionStatus: String, Sendable, CaseIterable, Codable {
    /// Still running (or the process died before it could say how it ended).
    case running
    /// It answered.
    case completed
    /// It overflowed its context window and a linked session carried on.
    case recovered
    /// It ended with an error.
    case failed
    /// Cut short (Ctrl-C, the model's deadline, a rate limit past its wait) with every entry so far: the
    /// next pack of its trip resumes it.
    case interrupted
}
