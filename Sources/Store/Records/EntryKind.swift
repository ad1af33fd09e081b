import Foundation

/// The kinds of transcript entry (stored as these names; the table's CHECK lists the same).
public enum EntryKind: String, Sendable, CaseIterable, Codable {
    case instructions, prompt, toolCalls, toolOutput, response, summary
    /// plan's own check of a model's answer: what was kept, merged, added and dropped, and the verdict.
    case check
    /// A reasoning model's thinking, kept apart from its answers (never sent back, never parsed), as
    /// Foundation Models 27's `Transcript.Entry.reasoning`.
    case reasoning
}
