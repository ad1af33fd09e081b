import Foundation
import HTTPCore
import JSON
@testable import LanguageModels
import Testing
import Basics

/// The OpenAI-compatible backend driven through a scripted `HTTPTransport`, in LanguageModels' own tests:
/// it runs with no plan module (no Store, no Tools, no libcurl).
@Suite struct OpenAIBackendTests {
    static let base = URL(string: "http://127.0.0.1:8080")

    static func forecastTool() -> ToolDefinition {
        let arguments = DynamicGenerationSchema(name: "ForecastArguments", properties: [
            .init(name: "place", schema: DynamicGenerationSchema(type: String.self)),
        ])
        return ToolDefinition(
            name: "forecast", description: "The forecast for a place.", schema: arguments.schema,
            includesSchemaInInstructions: true, invoke: { _ in AnyToolAnswer("sunny") }
        )
    }

    static func request(options: GenerationOptions = GenerationOptions()) -> ModelRequest {
        ModelRequest(
            entries: [
                .instructions(Transcript.Instructions(text: "Help the traveller.")),
                .prompt(Transcript.Prompt(text: "What is the weather in Lyon?")),
            ],
            tools: [forecastTool()], answerSchema: nil, options: options
        )
    }

    /// A server that lists one model at `/v1/models` and answers every completion with `completion`.
    static func server(completion: Data) -> ScriptedTransport {
        ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
            case "v1/chat/completions": return .init(body: completion)
            default: return nil
            }
        }
    }

    static func model(
        _ transport: ScriptedTransport, apiKey: String? = nil, forced: GenerationOptions.ToolCallingMode = .automatic
    ) throws -> OpenAICompatibleModel {
        OpenAICompatibleModel(
            baseURL: try #require(base), modelName: nil, apiKey: apiKey, forcedMode: forced, timeout: 5, transport: transport
        )
    }

    static func completions(_ transport: ScriptedTransport) -> [JSONValue] {
        transport.requests.filter { $0.url.path.hasSuffix("/v1/chat/completions") }
            .compactMap { $0.httpBody.flatMap { try? JSONValue.parse($0) } }
    }

    @Test func aNativeRoundSendsTheToolsAndDecodesTheCall() async throws {
        let transport = Self.server(completion: ScriptedTransport.toolCallCompletion(name: "forecast", arguments: #"{"place":"Lyon"}"#))
        let reply = try await Self.model(transport).respond(to: Self.request())
        #expect(reply.toolCalls == [ToolCall(id: "call_1", name: "forecast", arguments: ["place": "Lyon"])])
        #expect(reply.usage?.input.totalTokenCount == 120)
        // A hosted-style server (no /props, /api/…) was detected through the transport, then asked once.
        let bodies = Self.completions(transport)
        try #require(bodies.count == 1)
        let tools = try #require(bodies[0]["tools"]?.arrayValue)
        #expect(tools.map { $0["function"]?["name"]?.stringValue } == ["forecast"])
        #expect(tools.first?["function"]?["parameters"]?["properties"]?["place"] != nil)
        #expect(bodies[0]["model"]?.stringValue == "m1")
        #expect(bodies[0]["messages"]?.arrayValue?.count == 2)
    }

    @Test func everyRequestCarriesTheUserAgentWhenOneIsSet() async throws {
        let transport = Self.server(completion: ScriptedTransport.textCompletion("Sunny."))
        var model = try Self.model(transport)
        model.userAgent = "plan/9.9"
        _ = try await model.respond(to: Self.request())
        #expect(transport.requests.count >= 2)
        #expect(transport.requests.allSatisfy { $0.value(forHTTPHeaderField: "User-Agent") == "plan/9.9" })
        let silent = Self.server(completion: ScriptedTransport.textCompletion("Sunny."))
        _ = try await Self.model(silent).respond(to: Self.request())
        #expect(silent.requests.allSatisfy { $0.value(forHTTPHeaderField: "user-agent") == nil })
    }

    @Test func theSessionsToolCallingModeChoosesBeforeTheProfile() async throws {
        let completion = ScriptedTransport.textCompletion(#"{"response":"Sunny."}"#)
        // The server says nothing of tools: automatic means native, as it always did.
        let automatic = Self.server(completion: completion)
        _ = try await Self.model(automatic).respond(to: Self.request())
        #expect(Self.completions(automatic).first?["tools"] != nil)
        // The session's options ask for guided: no `tools`, an anyOf schema of the call and the answer.
        let guided = Self.server(completion: completion)
        let reply = try await Self.model(guided).respond(to: Self.request(options: GenerationOptions(toolCallingMode: .guided)))
        let body = try #require(Self.completions(guided).first)
        #expect(body["tools"] == nil)
        #expect(body["response_format"]?["json_schema"] != nil)
        #expect(reply.text == "Sunny.")
        // PLAN_TOOL_MODE's guided is the backend's default; a session asking native overrides it.
        let native = Self.server(completion: completion)
        _ = try await Self.model(native, forced: .guided).respond(to: Self.request(options: GenerationOptions(toolCallingMode: .native)))
        #expect(Self.completions(native).first?["tools"] != nil)
        #expect(try await Self.model(native, forced: .guided).toolMode() == .guided)
        #expect(try await Self.model(native).toolMode(requested: .guided) == .guided)
    }

    @Test func theKeyGoesOnlyToTheBaseURLsOriginAndARedirectIsNotFollowed() async throws {
        let transport = ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
            case "v1/chat/completions":
                return .init(status: 307, headers: ["Location": "http://collector.example:9999/v1/chat/completions"], body: Data())
            default: return nil
            }
        }
        let model = try Self.model(transport, apiKey: "sk-secret")
        let error = await #expect(throws: LanguageModelError.self) { try await model.respond(to: Self.request()) }
        guard case let .unavailable(reason)? = error else {
            Issue.record("expected an unavailable server, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("redirect"))
        let base = try #require(Self.base)
        let sent = transport.requests
        #expect(sent.count >= 2)
        for request in sent {
            #expect(request.url.scheme == base.scheme && request.url.host == base.host && request.url.port == base.port)
            #expect(request.value(forHTTPHeaderField: "Authorization") == "Bearer sk-secret")
        }
        #expect(!sent.contains { $0.url.host == "collector.example" })
        #expect(!"\(String(describing: error))".contains("sk-secret"))
    }

    @Test func credentialsInTheBaseURLAreMaskedInWhatIsShownAndLeftOutOfWhatIsStored() throws {
        let url = try #require(URL(string: "https://user:pa55@api.example.com:8443/v1"))
        #expect(OpenAICompatibleModel.masked(url) == "https://***@api.example.com:8443/v1")
        #expect(OpenAICompatibleModel.withoutCredentials(url) == "https://api.example.com:8443/v1")
        let plain = try #require(URL(string: "http://127.0.0.1:8080"))
        #expect(OpenAICompatibleModel.masked(plain) == "http://127.0.0.1:8080")
    }

    @Test func aTransportFailureNamesTheServerWithItsCredentialsMasked() async throws {
        struct Refusing: HTTPTransport {
            func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
                throw TransportError.connectionRefused
            }
        }
        let model = OpenAICompatibleModel(
            baseURL: try #require(URL(string: "http://me:secret@127.0.0.1:8080")), modelName: "m", apiKey: nil,
            forcedMode: .automatic, timeout: 5, transport: Refusing()
        )
        let error = await #expect(throws: LanguageModelError.self) { _ = try await model.contextSize() }
        #expect(error == .unavailable("connection refused at http://***@127.0.0.1:8080"))
    }

    @Test func anUnchangedGreedyRequestIsAnsweredFromTheAnswerItAlreadyHas() async throws {
        // Plain JSON even when a stream is asked for (as some engines answer), so each round is one request.
        let transport = ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
            case "v1/chat/completions":
                return .init(headers: ["Content-Type": "application/json"], body: ScriptedTransport.textCompletion("Pack a rain jacket."))
            default: return nil
            }
        }
        let model = try Self.model(transport)
        let first = try await model.respond(to: Self.request())
        let again = try await model.respond(to: Self.request())
        #expect(again == first && first.text == "Pack a rain jacket.")
        #expect(Self.completions(transport).count == 1, "the same greedy request is not sent twice")
        // Streamed: the kept answer's text is handed over as a stream's would be.
        let shown = Locked("")
        var streamed = Self.request()
        streamed.onText = { piece in shown.withLock { $0 += piece } }
        _ = try await model.respond(to: streamed)
        _ = try await model.respond(to: streamed)
        #expect(Self.completions(transport).count == 2, "a streamed request is another body: sent once, then kept")
        #expect(shown.withLock { $0 } == "Pack a rain jacket.Pack a rain jacket.")
        // Another prompt is another request.
        var other = Self.request()
        other.entries[1] = .prompt(Transcript.Prompt(text: "And in Nice?"))
        _ = try await model.respond(to: other)
        #expect(Self.completions(transport).count == 3)
    }

    @Test func aSampledRequestWithoutASeedIsSentEachTimeAndOneWithASeedOnce() async throws {
        let transport = Self.server(completion: ScriptedTransport.textCompletion("Pack a rain jacket."))
        let model = try Self.model(transport)
        let random = Self.request(options: GenerationOptions(sampling: .random(top: 40)))
        _ = try await model.respond(to: random)
        _ = try await model.respond(to: random)
        #expect(Self.completions(transport).count == 2, "a random answer may differ: asked again")
        let seeded = Self.request(options: GenerationOptions(sampling: .random(top: 40, seed: 7)))
        _ = try await model.respond(to: seeded)
        _ = try await model.respond(to: seeded)
        #expect(Self.completions(transport).count == 3, "a fixed seed gives the same answer: asked once")
    }

    @Test func aFailedRequestIsNotKept() async throws {
        let failures = Locked(1)
        let transport = ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
            case "v1/chat/completions":
                let failing = failures.withLock { count -> Bool in
                    defer { count -= 1 }
                    return count > 0
                }
                return failing ? .init(status: 500, body: Data(#"{"error":{"message":"busy"}}"#.utf8))
                    : .init(body: ScriptedTransport.textCompletion("Pack a rain jacket."))
            default: return nil
            }
        }
        let model = try Self.model(transport)
        await #expect(throws: (any Error).self) { _ = try await model.respond(to: Self.request()) }
        let reply = try await model.respond(to: Self.request())
        #expect(reply.text == "Pack a rain jacket.")
    }
}
