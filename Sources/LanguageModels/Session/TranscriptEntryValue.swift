import FoundationEssentials

/// What every entry's value holds: its id, its text and its tokens.
public protocol TranscriptEntryValue: Sendable, Codable {
    /// The entry's identity, as Foundation Models 27's `Transcript.Entry.id` (a new UUID unless given):
    /// kept when the entry is stored, read back or carried into another session.
    var id: String { get set }
    /// The text the model sees.
    var text: String { get }
    /// Tokens the entry takes in the model's context (0 until counted).
    var tokens: Int { get set }
}
