import Foundation
import LanguageModels
import Planner

/// A test double for `LanguageModel` that holds each round until the test opens its gate, and says when a
/// round has begun: a test can act while a request is certainly in flight, with no sleep guessing when.
final class GatedModel: LanguageModel, @unchecked Sendable {
    // @unchecked Sendable: `replies`, `waiting` and `open` are only touched under the lock.
    private let lock = NSLock()
    private var replies: [String]
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var open = false
    private let began: AsyncStream<Void>.Continuation
    /// One element each time a round has begun and is waiting at the gate.
    let rounds: AsyncStream<Void>

    init(_ replies: [String]) {
        self.replies = replies
        (rounds, began) = AsyncStream.makeStream(of: Void.self)
    }

    var name: String { "gated" }

    func contextSize() async throws -> Int { 4_096 }

    func tokenCount(for text: String) async -> Int { TokenEstimate.count(text) }

    func respond(to request: ModelRequest) async throws -> ModelReply {
        let text = lock.withLock { replies.isEmpty ? "script exhausted" : replies.removeFirst() }
        await withCheckedContinuation { continuation in
            let passes = lock.withLock {
                if open { return true }
                waiting.append(continuation)
                return false
            }
            began.yield()
            if passes { continuation.resume() }
        }
        return ModelReply(text: text)
    }

    /// Lets every held round, and every later one, through.
    func openGate() {
        let held = lock.withLock {
            open = true
            defer { waiting = [] }
            return waiting
        }
        for continuation in held { continuation.resume() }
    }
}
