import Foundation

/// Turns a reasoning model's streamed thinking into a progress line ("The model is reasoning… 1,200
/// characters"), at most one line per 200 characters: the thinking itself is never printed as the answer.
/// `@unchecked Sendable`: the count is touched only under the lock.
final class ReasoningProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var characters = 0
    private var reported = -1

    /// Adds a piece; returns a line when one is due.
    func add(_ piece: String) -> String? {
        lock.withLock {
            characters += piece.count
            guard reported < 0 || characters - reported >= 200 else { return nil }
            reported = characters
            return "The model is reasoning… \(characters.formatted(.number.grouping(.automatic))) characters"
        }
    }
}
