import Foundation
@testable import LanguageModels
import Testing

/// The SSE line splitter: payloads across chunk boundaries, linear work, a bounded line.
@Suite struct ServerSentEventsTests {
    @Test func payloadsArriveWhateverTheChunking() throws {
        let stream = "data: {\"a\":1}\r\n\r\n: comment\nevent: x\ndata:[DONE]\n"
        for size in [1, 2, 3, 7, 100] {
            let events = ServerSentEvents()
            var payloads: [String] = []
            let bytes = Array(stream.utf8)
            for start in stride(from: 0, to: bytes.count, by: size) {
                payloads += try events.feed(Data(bytes[start..<min(bytes.count, start + size)]))
            }
            #expect(payloads == ["{\"a\":1}", "[DONE]"])
            #expect(events.bytesScanned == bytes.count)
        }
    }

    @Test func anEndlessLineFailsAtTheLimitAfterLookingAtEachByteOnce() throws {
        let events = ServerSentEvents(maximumLineBytes: 1_048_576)
        let chunk = Data(repeating: UInt8(ascii: "a"), count: 1_024)
        var fed = 0
        var failure: (any Error)?
        for _ in 0..<(8 * 1_024) {
            do {
                _ = try events.feed(chunk)
                fed += chunk.count
            } catch {
                failure = error
                break
            }
        }
        #expect(failure as? LanguageModelError != nil)
        #expect(fed == 1_048_576)
        // Linear: every byte handed over is scanned exactly once (quadratic rescanning would be 500x this).
        #expect(events.bytesScanned == fed + chunk.count)
    }

    @Test func tokenCountsAndContextSizesAreRangeChecked() {
        #expect(LanguageModelSession.Usage.count(.number(1e300)) == nil)
        #expect(LanguageModelSession.Usage.count(.number(-9.3e18)) == nil)
        #expect(LanguageModelSession.Usage.count(.number(1.5)) == nil)
        #expect(LanguageModelSession.Usage.count(.number(300)) == 300)
        #expect(LanguageModelSession.Usage.from(["prompt_tokens": 1e20, "completion_tokens": 3]) == nil)
        #expect(LanguageModelSession.Usage.from(["prompt_tokens": 7, "completion_tokens": -1]) == LanguageModelSession.Usage(inputTokens: 7, outputTokens: 0))
        // The cached part of the prompt and the reasoning part of the answer, as Foundation Models 27 names them;
        // a cached count past the prompt's is held to it.
        let detailed = LanguageModelSession.Usage.from([
            "prompt_tokens": 120, "completion_tokens": 40, "prompt_tokens_details": ["cached_tokens": 100],
            "completion_tokens_details": ["reasoning_tokens": 25],
        ])
        #expect(detailed?.input == .init(totalTokenCount: 120, cachedTokenCount: 100))
        #expect(detailed?.output == .init(totalTokenCount: 40, reasoningTokenCount: 25))
        #expect(LanguageModelSession.Usage.from(["prompt_tokens": 10, "prompt_tokens_details": ["cached_tokens": 99]])?.input.cachedTokenCount == 10)
        #expect(!OpenAICompatibleModel.contextSizes.contains(0) && !OpenAICompatibleModel.contextSizes.contains(-5))
    }

    @Test func aStreamedAnswerPastItsLimitFails() throws {
        let accumulator = StreamAccumulator(maximumBytes: 10)
        #expect(try accumulator.add(["choices": [["delta": ["content": "12345"]]]]).text == "12345")
        #expect(throws: LanguageModelError.self) { try accumulator.add(["choices": [["delta": ["content": "123456"]]]]) }
    }

    @Test func credentialsInTheModelURLAreNeitherRecordedNorShown() throws {
        let url = try #require(URL(string: "http://user:s3cret@127.0.0.1:8080/v1"))
        let model = OpenAICompatibleModel(
            baseURL: url, modelName: nil, apiKey: nil, forcedMode: .automatic, timeout: 5, transport: ScriptedTransport { _, _ in nil }
        )
        #expect(model.name == "http://127.0.0.1:8080/v1")
        #expect(model.displayURL == "http://***@127.0.0.1:8080/v1")
        let plain = try #require(URL(string: "http://127.0.0.1:8080"))
        #expect(OpenAICompatibleModel.masked(plain) == "http://127.0.0.1:8080")
    }
}
