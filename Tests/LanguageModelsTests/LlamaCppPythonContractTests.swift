import Foundation
@testable import LanguageModels
import Testing
import TestSupport
import Tools

/// The OpenAI-compatible backend against llama-cpp-python's server as measured (issue 38): the stand-in
/// `Tests/Fixtures/engines/llama_cpp_python.py` in front of the scripted llama-server look-alike. Each lesson
/// that server teaches, learnt once and kept.
@Suite struct LlamaCppPythonContractTests {
    final class Server {
        let upstream: LoopbackServer
        let proxy: LoopbackServer

        init(nCtx: Int = 2_048) throws {
            upstream = try LoopbackServer(
                script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "16384", "--supports-tools", "false"]
            )
            proxy = try LoopbackServer(
                script: "engines/llama_cpp_python.py", arguments: ["--upstream", upstream.baseURL.absoluteString, "--n-ctx", String(nCtx)]
            )
        }

        func model(
            engine: EngineKind? = nil, memory: (any EngineProfileMemory)? = nil, mode: GenerationOptions.ToolCallingMode = .automatic
        ) -> OpenAICompatibleModel {
            OpenAICompatibleModel(
                baseURL: proxy.baseURL, modelName: nil, apiKey: nil, forcedMode: mode, timeout: 20,
                transport: CurlTransport(timeout: 20), engine: engine, memory: memory
            )
        }

        func script(_ steps: [[String: Any]]) async throws {
            try await upstream.control("_control/script", body: ["steps": steps])
        }

        func requests() async throws -> [[String: Any]] {
            try await proxy.control("_control/requests")["requests"] as? [[String: Any]] ?? []
        }

        func log() async throws -> [[String: Any]] {
            try await proxy.control("_control/requests")["log"] as? [[String: Any]] ?? []
        }
    }

    static func ask(_ text: String = "What should I pack?", schema: GenerationSchema? = nil, maximum: Int = 64,
                    onText: (@Sendable (String) -> Void)? = nil) -> ModelRequest {
        ModelRequest(
            entries: [.instructions(Transcript.Instructions(text: "Be brief.")), .prompt(Transcript.Prompt(text: text))],
            tools: [], answerSchema: schema, options: GenerationOptions(maximumResponseTokens: maximum), onText: onText
        )
    }

    /// A round after one tool call and its output, the tool still offered.
    static func afterACall() -> ModelRequest {
        let geocode = ToolDefinition(
            name: "geocode", description: "Find a place.", schema: EchoTool.Arguments.generationSchema,
            includesSchemaInInstructions: true, invoke: { _ in AnyToolAnswer("") }
        )
        let entries: [Transcript.Entry] = [
            .instructions(Transcript.Instructions(text: "Help.")),
            .prompt(Transcript.Prompt(text: "Pack for Denver.")),
            .toolCalls(Transcript.ToolCalls([ToolCall(id: "c1", name: "geocode", arguments: ["place": "Denver"])], text: "geocode(...)")),
            .toolOutput(Transcript.ToolOutput(toolName: "geocode", callID: "c1", text: "Denver, CO, US: 39.7")),
        ]
        return ModelRequest(
            entries: entries, tools: [geocode], answerSchema: DynamicGenerationSchema(name: "empty", properties: []).schema,
            options: GenerationOptions()
        )
    }

    @Test func itIsRecognisedAndCountsTokensWithItsOwnEndpoint() async throws {
        let server = try Server()
        let model = server.model()
        let profile = try await model.profile()
        #expect(profile.kind == .llamaCppPython)
        #expect(profile.tokenizer == .llamaCppPython)
        #expect(profile.contextSize == nil && profile.windowDescription.hasPrefix("unknown"))
        #expect(profile.modelPath == "/models/SmolLM2-135M-Instruct.Q4_1.gguf")
        #expect(await model.servedName() == "SmolLM2-135M-Instruct.Q4_1")
        // Tools work only with a named tool_choice: the session drives guided calling.
        #expect(try await model.toolMode() == .guided)
        #expect(await model.tokenCount(for: String(repeating: "b", count: 40)) == 10)  // the upstream's 4-bytes rule
        #expect(try await server.log().contains { $0["path"] as? String == "/extras/tokenize/count" })
        // PLAN_ENGINE names it too, and it is asked only its own endpoints.
        #expect(try await server.model(engine: .llamaCppPython).profile(fresh: true).tokenizer == .llamaCppPython)
    }

    @Test func structuredOutputGoesAsJSONObjectWithMaxTokens() async throws {
        let server = try Server()
        try await server.script([["json": ["word": "boots"]]])
        let reply = try await server.model().respond(to: Self.ask(schema: Word.generationSchema))
        #expect(reply.structured?["word"]?.stringValue == "boots")
        let sent = try await server.requests()
        #expect(sent.count == 1)
        let format = try #require(sent.first?["response_format"] as? [String: Any])
        #expect(format["type"] as? String == "json_object")
        #expect(format["schema"] is [String: Any])
        #expect(sent.first?["max_tokens"] as? Int == 64)
        #expect(sent.first?["max_completion_tokens"] == nil)
    }

    @Test func itsFiveHundredNamingResponseFormatIsLearntOnceAndRemembered() async throws {
        // Taken for llama-server (PLAN_ENGINE=llamacpp): json_schema is refused with a 500 naming the field.
        let server = try Server()
        try await server.script([["json": ["word": "hat"]], ["json": ["word": "scarf"]]])
        let memory = EngineContractTests.Memory()
        let model = server.model(engine: .llamacpp, memory: memory)
        let first = try await model.respond(to: Self.ask(schema: Word.generationSchema))
        #expect(first.structured?["word"]?.stringValue == "hat")
        let statuses = try await server.log().filter { $0["path"] as? String == "/v1/chat/completions" }.compactMap { $0["status"] as? Int }
        #expect(statuses == [500, 200])
        #expect(try await model.profile().schemaInJSONObject)
        // The next run, with the same memory (the database), is not refused again.
        let again = server.model(engine: .llamacpp, memory: memory)
        #expect(try await again.respond(to: Self.ask(schema: Word.generationSchema)).structured?["word"]?.stringValue == "scarf")
        #expect(try await server.requests().count == 3)
        // doctor's fresh look keeps the lesson.
        #expect(try await again.profile(fresh: true).schemaInJSONObject)
    }

    @Test func aFiveHundredNamingNoFieldIsTheServersFailureNotRetried() async throws {
        let server = try Server()
        try await server.script([["error": ["status": 500, "body": ["error": ["message": "llama_decode returned -3", "type": "server_error"]]]]])
        await #expect(throws: LanguageModelError.serverFailed(status: 500, message: "llama_decode returned -3")) {
            _ = try await server.model().respond(to: Self.ask())
        }
        #expect(try await server.requests().count == 1)
    }

    @Test func anOverflowWhileStreamingIsAskedAgainPlainAndItsWindowLearnt() async throws {
        let server = try Server(nCtx: 1_024)
        let memory = EngineContractTests.Memory()
        let model = server.model(memory: memory)
        let pieces = PieceBox()
        do {
            _ = try await model.respond(to: Self.ask(maximum: 2_000, onText: { pieces.add($0) }))
            Issue.record("an empty stream without [DONE] was taken as an answer")
        } catch let LanguageModelError.contextSizeExceeded(tokens, contextSize) {
            #expect(contextSize == 1_024)
            #expect(tokens > 2_000)
        }
        let sent = try await server.requests()
        #expect(sent.count == 2)
        #expect(sent.first?["stream"] as? Bool == true && sent.last?["stream"] == nil)
        #expect(pieces.text.isEmpty)
        let profile = try await model.profile()
        #expect(profile.window == 1_024 && profile.contextSource == EngineProfile.overflowSource)
        // The next run counts against it; a fresh look (doctor's) replaces it: the server says no window.
        let next = server.model(memory: memory)
        #expect(try await next.contextSize() == 1_024)
        #expect(try await next.profile(fresh: true).windowDescription.hasPrefix("unknown"))
        #expect(try await server.model(memory: memory).contextSize() == 4_096)
    }

    @Test func aStreamedAnswerWithoutUsageIsStillWhole() async throws {
        let server = try Server()
        try await server.script([["content": "Pack boots and a warm hat."]])
        let pieces = PieceBox()
        let reply = try await server.model().respond(to: Self.ask(onText: { pieces.add($0) }))
        #expect(reply.text == "Pack boots and a warm hat.")
        #expect(pieces.text == reply.text)
        let sent = try #require(try await server.requests().first)
        #expect(sent["stream"] as? Bool == true)
        #expect(try await server.requests().count == 1)
    }

    @Test func aSessionWithToolsCallsThemGuidedNeverSendingTools() async throws {
        let server = try Server()
        try await server.script([
            ["json": ["tool_call": ["name": "echo", "arguments": ["word": "boots"]]]],
            ["json": ["response": "Pack boots."]],
        ])
        let counter = Counter()
        let session = try await LanguageModelSession(
            model: server.model(), tools: [EchoTool(counter: counter).definition], instructions: "Help pack.", contextSize: 2_048
        )
        let reply = try await session.respond(to: "Boots?")
        #expect(reply.text == "Pack boots.")
        #expect(await counter.value == 1)
        let sent = try await server.requests()
        #expect(sent.count == 2)
        for body in sent {
            #expect(body["tools"] == nil && body["tool_choice"] == nil)
            #expect((body["response_format"] as? [String: Any])?["type"] as? String == "json_object")
        }
    }

    @Test func anAssistantsToolCallsGoWithEmptyContentNeverNull() async throws {
        // PLAN_TOOL_MODE=native: the transcript's tool calls go as tool_calls, beside content "" (null is a 500).
        let server = try Server()
        try await server.script([["content": "Pack boots."]])
        let model = server.model(mode: .native)
        let reply = try await model.respond(to: Self.afterACall())
        #expect(try await server.log().last?["status"] as? Int == 200)
        _ = reply
        let messages = try #require(try await server.requests().first?["messages"] as? [[String: Any]])
        let calling = try #require(messages.first { $0["tool_calls"] != nil })
        #expect(calling["content"] as? String == "")
    }
}
