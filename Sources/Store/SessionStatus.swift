import Foundation

/// How a session ended (stored as these names; the table's CHECK lists the same).
public enum SessionStatus: String, Sendable, CaseIterable, Codable {
    /// Still running, or interrupted (the process died before it ended).
    case running
    /// It answered.
    case completed
    /// It overflowed its context window and a linked session carried on.
    case recovered
    /// It ended with an error.
    case failed
}
