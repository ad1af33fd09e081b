import Foundation
import LanguageModels
import Planner
import Testing

/// The model backend reached through plan's libcurl transport: a failure on the wire reads as a
/// `LanguageModelError` naming the server.
@Suite struct ModelOverCurlTests {
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
