import FoundationEssentials

/// How a session is linked to its parent (stored as these names; the table's CHECK lists the same).
public enum SessionRelation: String, Sendable, CaseIterable, Codable {
    /// Context recovery: the instructions, the prompt and the last complete tool round.
    case condensed
    /// Context recovery: a model-written summary of what came before.
    case summarized
    /// Context recovery: the instructions and the prompt only.
    case fresh
    /// A follow-up (`ask`) continuing a completed session.
    case resumed
    /// A replay of a past pack.
    case replay

    /// Whether this link is a context recovery (the child carries on the parent's work).
    public var isRecovery: Bool { self == .condensed || self == .summarized || self == .fresh }
}
