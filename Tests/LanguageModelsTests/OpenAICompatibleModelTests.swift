import Foundation
@testable import LanguageModels
import Testing
import TestSupport
import Tools

/// The OpenAI-compatible backend against the scripted llama-server look-alike (Tests/Fixtures/llm).
@Suite struct OpenAICompatibleModelTests {
    final class Fake {
        let server: LoopbackServer

        init(supportsTools: Bool, contextSize: Int = 4_096) throws {
            server = try LoopbackServer(
                script: "llm/fake_llama_server.py",
                arguments: ["--n-ctx", String(contextSize), "--supports-tools", supportsTools ? "true" : "false"]
            )
        }

        var model: OpenAICompatibleModel {
            OpenAICompatibleModel(
                baseURL: server.baseURL, modelName: "fake", apiKey: "secret", forcedMode: .automatic, timeout: 10,
                transport: CurlTransport(timeout: 10)
            )
        }

        func script(_ steps: [[String: Any]]) async throws {
            try await server.control("_control/script", body: ["steps": steps])
        }

        func requests() async throws -> [[String: Any]] {
            try await server.control("_control/requests")["requests"] as? [[String: Any]] ?? []
        }
    }

    func session(_ model: OpenAICompatibleModel, contextSize: Int? = nil) async throws -> LanguageModelSession {
        let window = try await model.contextSize()
        return try await LanguageModelSession(
            model: model, tools: [EchoTool(counter: Counter()).definition], instructions: "Be brief.",
            contextSize: contextSize ?? window
        )
    }

    @Test func nativeToolCallsRoundTripWithTheWholeTranscript() async throws {
        let fake = try Fake(supportsTools: true)
        try await fake.script([["tool_calls": [["name": "echo", "arguments": ["word": "hi"]]]], ["content": "done"]])
        #expect(try await fake.model.toolMode() == .native)
        let response = try await session(fake.model).respond(to: "go")
        #expect(response.text == "done")
        let requests = try await fake.requests()
        #expect(requests.count == 2)
        #expect((requests[0]["tools"] as? [Any])?.count == 1)
        let messages = try #require(requests[1]["messages"] as? [[String: Any]])
        #expect(messages.map { $0["role"] as? String } == ["system", "user", "assistant", "tool"])
        #expect(messages[3]["tool_call_id"] as? String == "call_1")
        #expect(messages[3]["content"] as? String == "echo: hi")
    }

    @Test func guidedToolCallsUseANestedJSONSchema() async throws {
        let fake = try Fake(supportsTools: false)
        try await fake.script([
            ["json": ["tool_call": ["name": "echo", "arguments": ["word": "x"]]]],
            ["json": ["response": "fine"]],
        ])
        #expect(try await fake.model.toolMode() == .guided)
        let response = try await session(fake.model).respond(to: "go")
        #expect(response.text == "fine")
        let first = try #require(try await fake.requests().first)
        #expect(first["tools"] == nil)
        let format = try #require(first["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_schema")
        let schema = try #require((format["json_schema"] as? [String: Any])?["schema"] as? [String: Any])
        #expect((schema["anyOf"] as? [Any])?.count == 2)
    }

    @Test func theServers400OverflowBecomesExceededContextWithItsCounts() async throws {
        let fake = try Fake(supportsTools: false, contextSize: 64)
        // The session is told the window is large, so the server is the one to refuse.
        let session = try await session(fake.model, contextSize: 100_000)
        do {
            _ = try await session.respond(to: String(repeating: "a long question about snow ", count: 30))
            Issue.record("expected an overflow")
        } catch let LanguageModelError.contextSizeExceeded(tokens, contextSize) {
            #expect(contextSize == 64)
            #expect(tokens > 64)
        }
    }

    @Test func streamingArrivesAsGrowingSnapshots() async throws {
        let fake = try Fake(supportsTools: true)
        try await fake.script([["content": "Pack warm socks and waterproof boots."]])
        let session = try await LanguageModelSession(
            model: fake.model, tools: [], instructions: "Be brief.", contextSize: 4_096
        )
        var snapshots: [String] = []
        for try await snapshot in session.streamResponse(to: "What?") { snapshots.append(snapshot) }
        #expect(snapshots.count > 3)
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $1.hasPrefix($0) })
        #expect(snapshots.last == "Pack warm socks and waterproof boots.")
        #expect(try await fake.requests().first?["stream"] as? Bool == true)
    }

    @Test func aServerThatDiesOrRefusesIsUnavailable() async throws {
        let fake = try Fake(supportsTools: true)
        try await fake.script([["die": true]])
        let session = try await session(fake.model)
        await #expect(throws: LanguageModelError.self) { _ = try await session.respond(to: "go") }
        let gone = OpenAICompatibleModel(
            baseURL: fake.server.baseURL, modelName: nil, apiKey: nil, forcedMode: .guided, timeout: 5, transport: CurlTransport(timeout: 5)
        )
        do {
            _ = try await gone.respond(to: ModelRequest(entries: [.prompt(Transcript.Prompt(text: "hi"))], tools: [], answerSchema: nil, options: GenerationOptions()))
            Issue.record("expected unavailable")
        } catch let LanguageModelError.unavailable(reason) {
            #expect(reason.contains("connection refused") || reason.contains("lost"))
        }
    }
}
