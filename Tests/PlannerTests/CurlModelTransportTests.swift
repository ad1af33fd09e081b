import Foundation
@testable import LanguageModels
@testable import Planner
import Testing
import Tools

/// The model backend's curl adapter and LanguageModels' own copies of Tools' helpers: the words a user reads
/// are the same as when the backend used Tools directly.
@Suite struct CurlModelTransportTests {
    static let failures: [TransportError] = [
        .deadlineExceeded(seconds: 3), .deadlineExceeded(seconds: 0.5), .timedOut(seconds: 2), .tooLarge(limit: 1_048_576),
        .tooLarge(limit: 300), .redirectRefused(to: "http://elsewhere:81"), .tooManyRedirects, .connectionRefused,
        .hostNotFound, .connectionLost, .noAnswer, .badAnswer, .tls("certificate \u{1B}[31mexpired\n"), .unsupportedURL,
        .curlUnavailable("libcurl.so.4: cannot open"), .failed(code: 56, message: "recv failure\r\nreset"),
    ]

    @Test(arguments: failures)
    func eachFailureKeepsItsWordsAndItsAdvice(_ failure: TransportError) {
        let mapped = CurlModelTransport.failure(failure)
        let place = "http://127.0.0.1:8080"
        #expect(mapped.describe(at: place) == failure.describe(at: place))
        #expect(mapped.errorDescription == failure.errorDescription)
        #expect(mapped.recoverySuggestion == failure.recoverySuggestion)
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

    @Test(arguments: [
        "plain words", "  lead and trail  ", "line one\nline two\r\nthree", "esc \u{1B}[2J clear \u{1B}]0;title\u{07}",
        "tabs\t\tand\u{0B}vt", "del\u{7F}c1\u{85}\u{9B}", "bidi \u{202E}desrever\u{202C} \u{2066}iso\u{2069}",
        "nul\u{0}byte", "café ☕️ 🇫🇷", String(repeating: "x", count: 400), String(repeating: "a \n", count: 200), "",
    ])
    func serverTextIsCutToOneLineExactlyAsTerminalTextDoes(_ text: String) {
        #expect(ServerText.oneLine(text) == TerminalText.oneLine(text))
        #expect(ServerText.oneLine(text, limit: 7) == TerminalText.oneLine(text, limit: 7))
    }

    @Test(arguments: [0, 1, 300, 1_024, 1_536, 1_048_576, 3 * 1_048_576, 5_000_000])
    func sizesAreDescribedAsToolsDescribesThem(_ bytes: Int) {
        #expect(ModelTransportLimits.describe(bytes: bytes) == TransferLimits.describe(bytes: bytes))
    }

    @Test(arguments: [0.0, 0.5, 1, 3, 60, 900, 1e12, .infinity])
    func secondsAreDescribedAsToolsDescribesThem(_ seconds: Double) {
        #expect(ModelTransportLimits.describe(seconds: seconds) == TransferLimits.describe(seconds: seconds))
        #expect(ModelTransportLimits(deadline: seconds, maximumBytes: 1).deadline
            == TransferLimits(deadline: seconds, maximumBytes: 1).deadline)
    }

    @Test(arguments: ["Sun, 06 Nov 1994 08:49:37 GMT", "Wed, 21 Oct 2026 07:28:00 GMT", "soon", "120", ""])
    func retryAfterDatesAreReadAsToolsReadsThem(_ text: String) {
        #expect(ServerErrorReader.httpDate(text) == HTTPDate.parse(text))
    }
}
