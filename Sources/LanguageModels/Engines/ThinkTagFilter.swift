import FoundationEssentials
import Basics

/// Takes a reasoning model's `<think>…</think>` block off the start of its content (llama-server with
/// `--reasoning-format none`, Ollama's and vLLM's models without a reasoning parser), whole or as it streams:
/// the thinking goes one way, the answer the other, so the answer's parser never sees the tags.
final class ThinkTagFilter: Sendable {
    private let machine = Locked(Machine())
    /// The longest thinking kept (the rest is counted, not kept).
    static let maximumReasoningCharacters = 200_000

    static let open = "<think>"
    static let close = "</think>"

    /// Splits finished content: (reasoning, answer). Content without a leading block is all answer.
    static func split(_ content: String) -> (reasoning: String?, answer: String) {
        let filter = ThinkTagFilter()
        let first = filter.feed(content)
        let rest = filter.finish()
        let answer = (first.answer ?? "") + (rest.answer ?? "")
        let reasoning = [first.reasoning, rest.reasoning].compactMap { $0 }.joined()
        return (reasoning.isEmpty ? nil : reasoning, answer)
    }

    /// Feeds a piece of content: what of it is answer and what is thinking (either may be nil).
    func feed(_ piece: String) -> (answer: String?, reasoning: String?) {
        machine.withLock { $0.feed(piece) }
    }

    /// The end of the content: whatever is still held.
    func finish() -> (answer: String?, reasoning: String?) {
        machine.withLock { $0.finish() }
    }

    /// The thinking so far (for the transcript).
    var reasoning: String {
        machine.withLock { $0.thought }
    }

    /// Where the filter is in the content, what it holds back, and the thinking kept.
    private struct Machine {
        enum State {
            /// Not yet known whether the content starts with `<think>`.
            case undecided
            case thinking
            /// Past `</think>`: the blank lines before the answer are dropped.
            case trimming
            case answering
        }

        var state = State.undecided
        var buffer = ""
        var thought = ""

        /// Feeds a piece of content: what of it is answer and what is thinking (either may be nil).
        mutating func feed(_ piece: String) -> (answer: String?, reasoning: String?) {
            switch state {
            case .answering:
                return (piece, nil)
            case .trimming:
                let answer = piece.drop { $0.isWhitespace }
                guard !answer.isEmpty else { return (nil, nil) }
                state = .answering
                return (String(answer), nil)
            case .undecided:
                buffer += piece
                let trimmed = buffer.drop { $0.isWhitespace }
                if trimmed.hasPrefix(ThinkTagFilter.open) {
                    state = .thinking
                    buffer = String(trimmed.dropFirst(ThinkTagFilter.open.count))
                    return thinking()
                }
                if trimmed.isEmpty || ThinkTagFilter.open.hasPrefix(trimmed) { return (nil, nil) }
                state = .answering
                defer { buffer = "" }
                return (buffer, nil)
            case .thinking:
                buffer += piece
                return thinking()
            }
        }

        /// The end of the content: whatever is still held.
        mutating func finish() -> (answer: String?, reasoning: String?) {
            defer { buffer = "" }
            switch state {
            case .undecided:
                state = .answering
                return (buffer.isEmpty ? nil : buffer, nil)
            case .thinking:
                // Never closed (cut off while thinking): all of it was thinking; there is no answer.
                return (nil, buffer.isEmpty ? nil : buffer)
            case .answering, .trimming:
                return (nil, nil)
            }
        }

        /// In `.thinking` with `buffer` holding unreported text: report up to a possible closing tag.
        mutating func thinking() -> (answer: String?, reasoning: String?) {
            if let range = buffer.firstRange(of: ThinkTagFilter.close) {
                let thinking = String(buffer[..<range.lowerBound])
                let answer = String(buffer[range.upperBound...].drop { $0.isWhitespace })
                buffer = ""
                state = answer.isEmpty ? .trimming : .answering
                keep(thinking)
                return (answer.isEmpty ? nil : answer, thinking.isEmpty ? nil : thinking)
            }
            // Hold back what could be the start of the closing tag.
            let held = (1..<ThinkTagFilter.close.count).reversed().first { buffer.hasSuffix(ThinkTagFilter.close.prefix($0)) } ?? 0
            let ready = String(buffer.dropLast(held))
            buffer = String(buffer.suffix(held))
            keep(ready)
            return (nil, ready.isEmpty ? nil : ready)
        }

        mutating func keep(_ text: String) {
            guard thought.count < ThinkTagFilter.maximumReasoningCharacters else { return }
            thought += text
        }
    }
}
