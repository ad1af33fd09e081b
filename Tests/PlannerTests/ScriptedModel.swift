import Foundation
import JSON
import LanguageModels
import Model
import Planner
import Store
import Tools

/// A test double for `LanguageModel`: answers from a script, one reply per round, and records each request.
final class ScriptedModel: LanguageModel, @unchecked Sendable {
    // @unchecked Sendable: `replies` and `requests` are only touched under the lock.
    private let lock = NSLock()
    private var replies: [Step]
    private var requests: [ModelRequest] = []
    let window: Int

    enum Step {
        case reply(ModelReply)
        case fail(any Error)
        /// Overflow when the request has more than this many entries; otherwise the next step.
        case overflowAbove(entries: Int)
    }

    /// Streamed pieces of this many characters (0: word by word).
    let streamPieces: Int
    /// Seconds each round takes.
    let delay: TimeInterval

    init(_ steps: [Step], contextSize: Int = 4_096, streamPieces: Int = 0, delay: TimeInterval = 0) {
        self.replies = steps
        self.window = contextSize
        self.streamPieces = streamPieces
        self.delay = delay
    }

    var name: String { "scripted" }

    func contextSize() async throws -> Int { window }

    func tokenCount(for text: String) async -> Int { TokenEstimate.count(text) }

    func respond(to request: ModelRequest) async throws -> ModelReply {
        let step: Step? = lock.withLock {
            requests.append(request)
            if case let .overflowAbove(limit)? = replies.first {
                if request.entries.count > limit { return .fail(LanguageModelError.contextSizeExceeded(tokenCount: 9_999, contextSize: window)) }
                replies.removeFirst()
            }
            return replies.isEmpty ? nil : replies.removeFirst()
        }
        if delay > 0 { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) }
        if let text = request.onText, case let .reply(reply)? = step, streamPieces > 0 {
            var rest = Substring(reply.text)
            while !rest.isEmpty {
                text(String(rest.prefix(streamPieces)))
                rest = rest.dropFirst(streamPieces)
            }
        } else if let text = request.onText, case let .reply(reply)? = step {
            for (index, word) in reply.text.split(separator: " ", omittingEmptySubsequences: false).enumerated() {
                text((index == 0 ? "" : " ") + word)
            }
        }
        switch step {
        case let .reply(reply)?: return reply
        case let .fail(error)?: throw error
        case .overflowAbove?: throw LanguageModelError.decodingFailure("script")
        case nil: return ModelReply(text: "script exhausted")
        }
    }

    var recorded: [ModelRequest] { lock.withLock { requests } }

    static func call(_ name: String, _ arguments: JSONValue, id: String = UUID().uuidString) -> Step {
        .reply(ModelReply(toolCalls: [ToolCall(id: id, name: name, arguments: arguments)]))
    }
}

extension LanguageModelSession.Limits {
    /// plan's limits with another number of tool rounds.
    static func planning(rounds: Int) -> LanguageModelSession.Limits {
        var limits = LanguageModelSession.Limits.planning
        limits.maximumRounds = rounds
        return limits
    }
}

extension TranscriptRecord {
    /// The stored kind read as the framework's (nil for a name it does not have).
    var entryKind: Transcript.Kind? {
        let entryKind = Transcript.Kind(rawValue: kind)
        return Transcript.Kind.stored.contains(entryKind) ? entryKind : nil
    }
}
