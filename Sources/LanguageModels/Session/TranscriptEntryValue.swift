import Foundation

/// What every entry's value holds: its text, its tokens and, once stored, its sequence number.
public protocol TranscriptEntryValue: Sendable {
    /// The text the model sees.
    var text: String { get }
    /// Tokens the entry takes in the model's context (0 until counted).
    var tokens: Int { get set }
    /// The stored sequence number, once persisted.
    var seq: Int? { get set }
}
