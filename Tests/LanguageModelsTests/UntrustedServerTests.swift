import Foundation
import JSON
@testable import LanguageModels
import Testing

/// Issue 32: numbers and text from model servers, round four. A model listing past its size, a streamed
/// request answered with plain JSON, Retry-After waits of nothing or of decades.
@Suite struct UntrustedServerTests {
    static let base = URL(string: "http://127.0.0.1:8080")

    static func model(_ transport: ScriptedTransport, name: String? = nil) throws -> OpenAICompatibleModel {
        OpenAICompatibleModel(
            baseURL: try #require(base), modelName: name, apiKey: nil, forcedMode: .automatic, timeout: 5, transport: transport
        )
    }

    static func ask(onText: (@Sendable (String) -> Void)? = nil) -> ModelRequest {
        var request = ModelRequest(
            entries: [.instructions(Transcript.Instructions(text: "Be brief.")), .prompt(Transcript.Prompt(text: "Pack?"))],
            tools: [], answerSchema: nil, options: GenerationOptions(maximumResponseTokens: 64)
        )
        request.onText = onText
        return request
    }

    /// A listing of `count` models of long names (about `count` × 2 KB).
    static func listing(count: Int) -> Data {
        let name = String(repeating: "m", count: 2_000)
        let entries = (0..<count).map { #"{"id":"\#(name)\#($0)","object":"model"}"# }
        return Data(#"{"object":"list","data":[\#(entries.joined(separator: ","))]}"#.utf8)
    }

    // MARK: - The model listing

    @Test func aModelListingOverOneMegabyteIsReadWithItsOwnCap() async throws {
        let big = Self.listing(count: 800)  // about 1.6 MB: past the answer's 1 MB, within the listing's cap
        #expect(big.count > 1_048_576 && big.count < EngineDetector.maximumModelListBytes)
        let transport = ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: big)
            case "v1/chat/completions": return .init(body: ScriptedTransport.textCompletion("Boots."))
            default: return nil
            }
        }
        let model = try Self.model(transport)
        #expect(try await model.respond(to: Self.ask()).text == "Boots.")
        let profile = try await model.profile()
        #expect(profile.models.count == 8)
        #expect(!profile.isModelListUnavailable)
    }

    @Test func aModelListingPastItsCapIsUnavailableNotAFailedRequest() async throws {
        let huge = Self.listing(count: 2_600)  // about 5.2 MB
        #expect(huge.count > EngineDetector.maximumModelListBytes)
        let transport = ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: huge)
            case "v1/chat/completions": return .init(body: ScriptedTransport.textCompletion("Boots."))
            default: return nil
            }
        }
        let model = try Self.model(transport)
        #expect(try await model.respond(to: Self.ask()).text == "Boots.")
        let profile = try await model.profile()
        #expect(profile.isModelListUnavailable)
        #expect(profile.models.isEmpty)
        #expect(profile.kind == .openai)
    }

    // MARK: - Streaming answered without a stream

    @Test func aStreamedRequestAnsweredWithPlainJSONIsReadAsTheAnswer() async throws {
        let transport = ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
            case "v1/chat/completions":
                return .init(headers: ["Content-Type": "application/json"], body: ScriptedTransport.textCompletion("Pack boots."))
            default: return nil
            }
        }
        let shown = Shown()
        let reply = try await Self.model(transport).respond(to: Self.ask { shown.add($0) })
        #expect(reply.text == "Pack boots.")
        #expect(reply.usage?.input.totalTokenCount == 130)
        #expect(shown.text == "Pack boots.")
        // It was asked as a stream.
        let sent = transport.requests.last { $0.url.path.hasSuffix("chat/completions") }
        #expect(sent?.httpBody.flatMap { try? JSONValue.parse($0) }?["stream"]?.boolValue == true)
    }

    @Test func aStreamedRequestAnsweredWithPlainJSONToolCallsKeepsEachCall() async throws {
        let calls: JSONValue = [
            ["id": "a", "type": "function", "function": ["name": "forecast", "arguments": #"{"place":"Lyon"}"#]],
            ["id": "b", "type": "function", "function": ["name": "forecast", "arguments": ["place": "Nice"]]],
        ]
        let document: JSONValue = [
            "choices": [["index": 0, "finish_reason": "tool_calls", "message": ["role": "assistant", "content": .null, "tool_calls": calls]]],
            "usage": ["prompt_tokens": 100, "completion_tokens": 9],
        ]
        let transport = ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
            case "v1/chat/completions":
                return .init(headers: ["content-type": "application/json; charset=utf-8"], body: Data(document.compactText.utf8))
            default: return nil
            }
        }
        let reply = try await Self.model(transport).respond(to: Self.ask { _ in })
        #expect(reply.toolCalls.map(\.name) == ["forecast", "forecast"])
        #expect(reply.toolCalls.map(\.arguments) == [["place": "Lyon"], ["place": "Nice"]])
    }

    /// Text `onText` was given, gathered under a lock.
    final class Shown: @unchecked Sendable {
        private let lock = NSLock()
        private var pieces: [String] = []
        func add(_ piece: String) {
            lock.lock()
            pieces.append(piece)
            lock.unlock()
        }
        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return pieces.joined()
        }
    }

    // MARK: - Retry-After

    @Test func aRetryAfterOfZeroOrAPastDateWaitsAtLeastTheFloorBetweenTries() async throws {
        for header in ["0", "Sun, 06 Nov 1994 08:49:37 GMT"] {
            let transport = ScriptedTransport { path, _ in
                switch path {
                case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
                case "v1/chat/completions":
                    return .init(status: 429, headers: ["Retry-After": header], body: Data(#"{"error":{"message":"slow down"}}"#.utf8))
                default: return nil
                }
            }
            var model = try Self.model(transport)
            model.minimumRetryWait = 0.2
            model.maximumRateLimitWait = 0.5
            let started = Date()
            await #expect(throws: LanguageModelError.self) { _ = try await model.respond(to: Self.ask()) }
            let tries = transport.requests.filter { $0.url.path.hasSuffix("chat/completions") }.count
            // Before: eight tries 50 ms apart. Now: 0.2 s apart within the 0.5 s allowed, so three tries.
            #expect(tries == 3, "Retry-After \(header): \(tries) tries")
            #expect(Date().timeIntervalSince(started) >= 0.4)
        }
    }

    @Test func aWaitThatEndsOnAnotherDaySaysItsDate() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30 00:53 UTC
        let later = LanguageModelError.moment(after: 600, now: now, calendar: calendar)
        #expect(!later.contains("2026") && later.contains(":"))
        // 10^9 seconds, or a date in 2099: capped at a day, and that day is named.
        for seconds in [1e9, 86_400 * 365 * 73, .infinity] {
            let moment = LanguageModelError.moment(after: seconds, now: now, calendar: calendar)
            #expect(moment.contains("Dec") && moment.contains("2026"), "\(moment)")
        }
    }
}
