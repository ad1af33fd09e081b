import Foundation
@testable import LanguageModels
@testable import Planner
import Testing
import Tools

/// The model backend's curl adapter: the words a user reads are the same as when the backend used Tools directly.
@Suite struct CurlModelTransportTests {
    /// Each failure with what the user reads of it, named at the server (the words before the backend moved).
    static let failures: [(TransportError, String)] = [
        (.deadlineExceeded(seconds: 3), "no complete answer within 3 s talking to P"),
        (.deadlineExceeded(seconds: 0.5), "no complete answer within 0.5 s talking to P"),
        (.timedOut(seconds: 2), "P went silent (timed out)"),
        (.tooLarge(limit: 1_048_576), "the answer is larger than 1 MB talking to P"),
        (.tooLarge(limit: 300), "the answer is larger than 300 bytes talking to P"),
        (.redirectRefused(to: "http://elsewhere:81"),
         "it redirected to another host (http://elsewhere:81), which is not followed talking to P"),
        (.tooManyRedirects, "P redirected too many times"),
        (.connectionRefused, "connection refused at P"),
        (.hostNotFound, "cannot find P"),
        (.connectionLost, "the connection to P was lost"),
        (.noAnswer, "the connection to P ended without an answer"),
        (.badAnswer, "the connection to P ended without an answer"),
        (.tls("certificate \u{1B}[31mexpired\n"), "TLS failed: certificate [31mexpired talking to P"),
        (.unsupportedURL, "not an http or https URL talking to P"),
        (.curlUnavailable("libcurl.so.4: cannot open"),
         "libcurl cannot be loaded (libcurl.so.4: cannot open); install libcurl4: apt-get install libcurl4 talking to P"),
        (.failed(code: 56, message: "recv failure\r\nreset"), "network error 56: recv failure reset talking to P"),
    ]

    @Test(arguments: failures)
    func eachFailureKeepsItsWordsAndItsAdvice(_ failure: TransportError, _ said: String) {
        let mapped = failure.modelTransportError
        let place = "http://127.0.0.1:8080"
        let expected = said.replacingOccurrences(of: "P", with: place)
        #expect(failure.describe(at: place) == expected)
        #expect(mapped.describe(at: place) == expected)
        #expect(mapped.errorDescription == failure.errorDescription)
        #expect(failure.recoverySuggestion != nil && mapped.recoverySuggestion == failure.recoverySuggestion)
    }

    @Test func aRefusedConnectionReadsAsBeforeThroughTheBackend() async throws {
        // Nothing listens on port 9 of loopback (discard, never served in tests).
        let model = OpenAICompatibleModel(
            baseURL: try #require(URL(string: "http://127.0.0.1:9")), modelName: "m", apiKey: nil, forcedMode: .automatic, timeout: 5
        )
        let error = await #expect(throws: LanguageModelError.self) {
            _ = try await model.contextSize()
        }
        #expect(error == .unavailable("connection refused at http://127.0.0.1:9"))
    }
}
