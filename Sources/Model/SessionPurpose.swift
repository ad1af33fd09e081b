import FoundationEssentials

/// What a session was for (stored as these names; the table's CHECK lists the same).
public enum SessionPurpose: String, Sendable, CaseIterable, Codable {
    /// `plan pack`: a packing list.
    case pack
    /// `plan ask`: a follow-up question.
    case ask
    /// `plan replay`: a pack re-run offline with the pinned forecast.
    case replay
    /// `plan mcp`: an assistant's session through the Model Context Protocol; its entries are the tool calls.
    case mcp

    /// Whether the session's answer is a packing list.
    public var isPacking: Bool { self == .pack || self == .replay }
}
