import FoundationEssentials
import Basics
import HTTPCore
import LanguageModels
import Model
import Store

/// A transport that counts the HTTP answers (any status) that came back through it, so a caller can tell
/// "the service failed" from "nothing could be reached at all".
final class AnswerCounter: HTTPTransport, Sendable {
    private let base: any HTTPTransport
    private let answers = Locked(0)

    init(base: any HTTPTransport) {
        self.base = base
    }

    /// HTTP answers received so far.
    var count: Int { answers.current }

    func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
        let result = try await base.send(request, limits: limits)
        answers.withLock { $0 += 1 }
        return result
    }
}
