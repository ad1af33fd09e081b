import Foundation

/// A transport that counts the HTTP answers (any status) that came back through it, so a caller can tell
/// "the service failed" from "nothing could be reached at all".
final class AnswerCounter: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: `answers` is only read and written while holding `lock`; `base` is immutable.
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var answers = 0

    init(base: any HTTPTransport) {
        self.base = base
    }

    /// HTTP answers received so far.
    var count: Int { lock.withLock { answers } }

    func send(_ request: URLRequest, limits: TransferLimits) async throws -> (Data, HTTPURLResponse) {
        let result = try await base.send(request, limits: limits)
        lock.withLock { answers += 1 }
        return result
    }
}
