import Foundation
import JSON
@testable import LanguageModels
import Testing

/// What llama-cpp-python's server taught about "OpenAI-compatible" (issue 38), as rules: any refusal that
/// names a field is a lesson whatever its status, streams are read defensively, and a window nobody said is
/// unknown until an overflow names it.
@Suite struct LlamaCppPythonRulesTests {
    static let validation = """
    1 validation error: {'type': 'literal_error', 'loc': ('body', 'response_format', 'type'), 'msg': "Input should be 'text' or 'json_object'", 'input': 'json_schema'}
    """
    static let sent: [String: JSONValue] = [
        "messages": [], "max_tokens": 64, "top_k": 1,
        "response_format": ["type": "json_schema", "json_schema": ["name": "answer", "schema": ["type": "object"]]],
    ]

    static func errorBody(_ message: String) -> Data {
        Data(JSONValue.object(["error": ["message": .string(message), "type": "internal_server_error"]]).compactText.utf8)
    }

    @Test func aFiveHundredNamingAFieldIsALesson() {
        let downgrade = ServerErrorReader.read(status: 500, body: Self.errorBody(Self.validation), sent: Self.sent, server: "s")
        #expect(downgrade == .lesson(.schemaInJSONObject))
        let located = "1 validation error: {'type': 'int_type', 'loc': ('body', 'max_tokens'), 'msg': 'Input should be a valid integer'}"
        #expect(ServerErrorReader.read(status: 500, body: Self.errorBody(located), sent: Self.sent, server: "s") == .lesson(.drop("max_tokens")))
        // FastAPI's own 422 body: {"detail": [{"loc": ["body", "top_k"], ...}]}.
        let detail = Data(#"{"detail":[{"type":"extra_forbidden","loc":["body","top_k"],"msg":"Extra inputs are not permitted"}]}"#.utf8)
        #expect(ServerErrorReader.read(status: 422, body: detail, sent: Self.sent, server: "s") == .lesson(.drop("top_k")))
        let relayed = "litellm.BadRequestError: Unrecognized request argument supplied: top_k"
        #expect(ServerErrorReader.read(status: 502, body: Self.errorBody(relayed), sent: Self.sent, server: "s") == .lesson(.drop("top_k")))
    }

    @Test func aFiveHundredNamingNoFieldStaysAServerFailure() {
        let crash = "can only concatenate str (not \"NoneType\") to str"
        #expect(ServerErrorReader.read(status: 500, body: Self.errorBody(crash), sent: Self.sent, server: "s")
            == .failure(.serverFailed(status: 500, message: crash)))
        // A field named that was not sent teaches nothing; the messages cannot be dropped.
        let messages = "1 validation error: {'loc': ('body', 'messages', 2, 'content'), 'msg': 'Input should be a valid string'}"
        #expect(ServerErrorReader.read(status: 500, body: Self.errorBody(messages), sent: Self.sent, server: "s")
            == .failure(.serverFailed(status: 500, message: messages)))
        let unsent = "1 validation error: {'loc': ('body', 'logit_bias'), 'msg': 'bad'}"
        #expect(ServerErrorReader.read(status: 500, body: Self.errorBody(unsent), sent: Self.sent, server: "s")
            == .failure(.serverFailed(status: 500, message: unsent)))
        // A strict schema's refusal by OpenAI is not a downgrade: it does not say json_object.
        let strict = "Invalid schema for response_format 'answer': In context=(), 'additionalProperties' is required"
        #expect(RequestContract.lesson(message: strict, param: "response_format", code: nil, sent: Self.sent) == nil)
    }

    @Test func itsRequestsAreShapedToItsContract() throws {
        let profile = EngineProfile(kind: .llamaCppPython, tokenizer: .llamaCppPython, supportsTools: false)
        var body = Self.sent
        body["cache_prompt"] = true
        body["max_completion_tokens"] = 9
        let shaped = RequestContract.shape(body, for: profile, reasoning: nil)
        #expect(shaped["response_format"] == ["type": "json_object", "schema": ["type": "object"]])
        #expect(shaped["max_tokens"] == 64)
        #expect(shaped["top_k"] == 1)
        #expect(shaped["cache_prompt"] == nil)
        // A downgrade learnt from another engine's refusal shapes the same way.
        let learnt = RequestContract.apply(.schemaInJSONObject, to: EngineProfile(kind: .openai))
        #expect(RequestContract.shape(Self.sent, for: learnt, reasoning: nil)["response_format"]?["type"] == "json_object")
        #expect(EngineKind(setting: "llama-cpp-python") == .llamaCppPython)
        #expect(EngineKind(setting: "llama_cpp.server") == .llamaCppPython)
        let stored = try #require(learnt.jsonText())
        #expect(EngineProfile.from(jsonText: stored)?.schemaInJSONObject == true)
    }

    @Test func streamedToolCallsRepeatingTheirIdAndNameAreMergedOnce() throws {
        let accumulator = StreamAccumulator()
        let id = "call__0_geocode_cmpl-1"
        for piece in ["{\"query\":", " \"Den", "ver\"}"] {
            _ = try accumulator.add(["choices": [["delta": [
                "role": "assistant", "content": .null,
                "tool_calls": [["index": 0, "id": .string(id), "type": "function", "function": ["name": "geocode", "arguments": .string(piece)]]],
            ]]]])
        }
        #expect(!accumulator.isComplete)
        _ = try accumulator.add(["choices": [["delta": [:], "finish_reason": "tool_calls"]]])
        #expect(accumulator.isComplete)
        #expect(accumulator.reply().toolCalls == [ToolCall(id: id, name: "geocode", arguments: ["query": "Denver"])])
        // A stream that stopped without [DONE] and without a finish reason is not complete; [DONE] makes it so.
        let cut = StreamAccumulator()
        _ = try cut.add(["choices": [["delta": ["content": "Pack"]]]])
        #expect(!cut.isComplete)
        cut.markDone()
        #expect(cut.isComplete)
    }

    @Test func aWindowNobodySaidIsUnknownUntilAnOverflowNamesIt() throws {
        var profile = EngineProfile(kind: .llamaCppPython, tokenizer: .llamaCppPython)
        #expect(profile.windowDescription.hasPrefix("unknown"))
        #expect(!profile.windowDescription.contains("4,096"))
        #expect(EngineProfile(kind: .openai).windowDescription.hasPrefix("unknown"))
        // An engine that should have said keeps the old words.
        #expect(EngineProfile(kind: .llamacpp).windowDescription == "4,096 tokens, assumed: the server does not say")
        profile.contextSize = 2_048
        profile.contextSource = EngineProfile.overflowSource
        #expect(profile.windowDescription == "2,048 tokens, from the server's overflow message")
        // A fresh look at the server (doctor's) keeps what its refusals taught, and replaces the window its
        // overflow named and a reasoning model seen in passing: both are learnt again from the next answers.
        var taught = profile
        taught.droppedFields = ["top_k"]
        taught.isReasoning = true
        let fresh = EngineProfile(kind: .llamaCppPython, tokenizer: .llamaCppPython).keepingRefusals(of: taught)
        #expect(!fresh.isWindowKnown && fresh.droppedFields == ["top_k"] && !fresh.isReasoning)
        // A server that says its window is believed over an old overflow.
        let said = EngineProfile(kind: .llamacpp, contextSize: 4_096, contextSource: "llama-server's /props").keepingRefusals(of: profile)
        #expect(said.window == 4_096)
        let numbers = ServerErrorReader.overflowNumbers(
            "This model's maximum context length is 2048 tokens. However, you requested 3047 tokens (3031 in the messages, 16 in the completion)."
        )
        #expect(numbers.tokens == 3_047 && numbers.contextSize == 2_048)
    }
}

extension LlamaCppPythonRulesTests {
    @Test func aStopPastItsBudgetIsReadAsCutShort() {
        let long = ModelReply(text: "Pack", usage: .init(inputTokens: 10, outputTokens: 34), finishReason: .stop)
        #expect(OpenAICompatibleModel.checkingFinish(long, budget: 5).finishReason == .length)
        #expect(OpenAICompatibleModel.checkingFinish(long, budget: 34).finishReason == .stop)
        #expect(OpenAICompatibleModel.checkingFinish(long, budget: nil).finishReason == .stop)
        let thought = ModelReply(text: "Pack", usage: .init(inputTokens: 10, outputTokens: 34, reasoningTokens: 30), finishReason: .stop)
        #expect(OpenAICompatibleModel.checkingFinish(thought, budget: 5).finishReason == .stop)
    }
}

extension LlamaCppPythonRulesTests {
    /// A server answering `/v1/models` with `ids`, under `server`, with no `/props`.
    static func detector(ids: [String], server: String) -> EngineDetector {
        EngineDetector(modelName: nil) { path, _ in
            guard path == "v1/models" else { return (404, Data(#"{"detail":"Not Found"}"#.utf8), ["server": server]) }
            let listing = JSONValue.object(["data": .array(ids.map { ["id": .string($0)] })])
            return (200, Data(listing.compactText.utf8), ["server": server])
        }
    }

    @Test func itIsRecognisedByUvicornAPathAndNoProps() async throws {
        let found = try await Self.detector(ids: ["/models/SmolLM2-135M-Instruct.Q4_1.gguf"], server: "uvicorn").detect()
        #expect(found.kind == .llamaCppPython && found.tokenizer == .llamaCppPython && found.supportsTools == false)
        // LiteLLM's proxy is uvicorn too, with hosted names: not llama-cpp-python.
        #expect(try await Self.detector(ids: ["openai/gpt-4o-mini"], server: "uvicorn").detect().kind == .openai)
        #expect(try await Self.detector(ids: ["/models/x.gguf"], server: "nginx").detect().kind == .openai)
    }
}
