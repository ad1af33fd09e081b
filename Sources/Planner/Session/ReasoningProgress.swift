import FoundationEssentials
import Basics
import Model
import Store

/// Turns a reasoning model's streamed thinking into a progress line ("The model is reasoning… 1,200
/// characters"), at most one line per 200 characters: the thinking itself is never printed as the answer.
final class ReasoningProgress: Sendable {
    /// Characters seen, and the count at the last line (-1 before the first).
    private struct Count {
        var characters = 0
        var reported = -1
    }

    private let count = Locked(Count())

    /// Adds a piece; returns a line when one is due.
    func add(_ piece: String) -> String? {
        count.withLock { count in
            count.characters += piece.count
            guard count.reported < 0 || count.characters - count.reported >= 200 else { return nil }
            count.reported = count.characters
            return "The model is reasoning… \(NumberText.grouped(count.characters)) characters"
        }
    }
}
