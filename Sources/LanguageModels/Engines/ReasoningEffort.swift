import FoundationEssentials

/// A reasoning model's effort, sent as `reasoning_effort` where the engine takes it.
public enum ReasoningEffort: String, Sendable, Codable, CaseIterable {
    case low, medium, high

    /// Tokens added to an answer's budget for the reasoning that comes before it: a reasoning model pays
    /// for its thinking out of the same `max_tokens`, so a tool call's 48 tokens would come back empty.
    public var allowance: Int {
        switch self {
        case .low: return 512
        case .medium: return 1_024
        case .high: return 2_048
        }
    }
}
