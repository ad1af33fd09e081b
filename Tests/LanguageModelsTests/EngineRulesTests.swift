import Foundation
import JSON
@testable import LanguageModels
import Testing

/// The engine rules as tables: what a refusal teaches, the numbers in an overflow, how long a rate limit
/// says to wait, strict mode's rules, the body each engine is sent and a stored profile read back.
@Suite struct EngineRulesTests {
    @Test(arguments: [
        // (message, param, code) -> lesson
        ("Unrecognized request argument supplied: top_k", nil, nil, RequestContract.Lesson.drop("top_k")),
        ("Unrecognized request argument supplied: cache_prompt", nil, nil, .drop("cache_prompt")),
        ("Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
         "max_tokens", "unsupported_parameter", .rename("max_tokens", to: "max_completion_tokens")),
        ("Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
         "temperature", "unsupported_value", .defaultSampling),
        ("Unsupported parameter: 'frequency_penalty' is not supported with this model.", "frequency_penalty",
         "unsupported_parameter", .drop("frequency_penalty")),
        ("extra inputs are not permitted: 'seed'", nil, nil, .drop("seed")),
    ] as [(String, String?, String?, RequestContract.Lesson)])
    func aRefusalNamingAFieldTeachesWhatToDo(message: String, param: String?, code: String?, lesson: RequestContract.Lesson) {
        let sent: [String: JSONValue] = [
            "top_k": 1, "cache_prompt": true, "max_tokens": 64, "temperature": 0, "frequency_penalty": 0.5, "seed": 7,
            "messages": [],
        ]
        #expect(RequestContract.lesson(message: message, param: param, code: code, sent: sent) == lesson)
    }

    @Test func aRefusalOfWhatPlanCannotDoWithoutIsNoLesson() {
        let sent: [String: JSONValue] = ["messages": [], "response_format": [:], "model": "x"]
        #expect(RequestContract.lesson(message: "Unrecognized request argument supplied: top_k", param: nil, code: nil, sent: sent) == nil)
        #expect(RequestContract.lesson(message: "Invalid schema for response_format 'answer'", param: "response_format", code: nil, sent: sent) == nil)
        #expect(RequestContract.lesson(message: "messages too long", param: "messages", code: nil, sent: sent) == nil)
    }

    @Test(arguments: [
        ("request (890 tokens) exceeds the available context size (512 tokens), try increasing it", 890, 512),
        ("This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4800 in the messages, 200 in the completion). Please reduce the length of the messages or completion.", 5_000, 4_096),
        ("This model's maximum context length is 8192 tokens. However, your messages resulted in 9,001 tokens. Please reduce the length of the messages.", 9_001, 8_192),
    ])
    func overflowMessagesGiveTheirNumbers(message: String, tokens: Int, contextSize: Int) {
        let numbers = ServerErrorReader.overflowNumbers(message)
        #expect(numbers.tokens == tokens)
        #expect(numbers.contextSize == contextSize)
        let body = Data(JSONValue.object(["object": "error", "message": .string(message), "type": "BadRequestError", "code": 400]).compactText.utf8)
        #expect(ServerErrorReader.read(status: 400, body: body, server: "s") == .overflow(tokens: tokens, contextSize: contextSize))
    }

    @Test func rateLimitWaitsAreReadFromEveryHeaderAndBounded() {
        #expect(ServerErrorReader.retryAfter(headers: ["Retry-After": "7"]) == 7)
        #expect(ServerErrorReader.retryAfter(headers: ["x-ratelimit-reset-requests": "6m0s"]) == 360)
        #expect(ServerErrorReader.retryAfter(headers: ["x-ratelimit-reset-tokens": "250ms"]) == 0.25)
        #expect(ServerErrorReader.retryAfter(headers: ["retry-after": "2", "x-ratelimit-reset-tokens": "1.5s"]) == 2)
        #expect(ServerErrorReader.retryAfter(headers: ["Retry-After": "1e300"]) == 86_400)
        #expect(ServerErrorReader.retryAfter(headers: ["Retry-After": "-5"]) == nil)
        #expect(ServerErrorReader.retryAfter(headers: ["Retry-After": "soon"]) == nil)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(ServerErrorReader.retryAfter(headers: ["Retry-After": "Fri, 15 Jan 2027 08:00:30 GMT"], now: now).map { $0 > 0 } == true)
        #expect(ServerErrorReader.goDuration("1h2m3s") == 3_723)
        #expect(ServerErrorReader.goDuration("x") == nil)
    }

    @Test func statusesBecomeErrorsUsersCanActOn() {
        let body = Data(#"{"error":{"message":"nope"}}"#.utf8)
        #expect(ServerErrorReader.read(status: 401, body: body, server: "s") == .failure(.refused(status: 401, server: "s")))
        #expect(ServerErrorReader.read(status: 403, body: body, server: "s") == .failure(.refused(status: 403, server: "s")))
        #expect(ServerErrorReader.read(status: 404, body: body, server: "s", model: "m", available: ["a"])
            == .failure(.modelNotFound(model: "m", available: ["a"])))
        #expect(ServerErrorReader.read(status: 429, body: body, headers: ["Retry-After": "3"], server: "s") == .rateLimited(retryAfter: 3))
        #expect(ServerErrorReader.read(status: 400, body: body, server: "s") == .failure(.rejected(status: 400, message: "nope")))
        #expect(ServerErrorReader.read(status: 503, body: body, server: "s") == .failure(.serverFailed(status: 503, message: "nope")))
        for error in [LanguageModelError.refused(status: 401, server: "s"), .modelNotFound(model: "m", available: []),
                      .rejected(status: 400, message: "x"), .serverFailed(status: 500, message: "x"), .rateLimited(retryAfter: 5)] {
            #expect(error.recoverySuggestion?.contains("Start the server") == false, "\(error)")
        }
    }

    /// Strict mode wants every property required and no others allowed, at every level.
    @Test func strictModesRulesAreCheckedAtEveryLevel() {
        #expect(!StrictSchema.problems(["type": "object", "properties": ["a": ["type": "string"]]]).isEmpty)
        #expect(StrictSchema.problems(["type": "object", "properties": ["a": ["type": "string"]], "required": ["a"], "additionalProperties": false]).isEmpty)
        let nested: JSONValue = [
            "type": "object", "required": ["b"], "additionalProperties": false,
            "properties": ["b": ["type": "object", "properties": ["c": ["type": "integer"]]]],
        ]
        #expect(!StrictSchema.problems(nested).isEmpty)
    }

    @Test func eachEngineIsSentOnlyWhatItTakes() {
        let body: [String: JSONValue] = [
            "messages": [], "max_tokens": 48, "temperature": 0, "top_k": 1, "cache_prompt": true, "seed": 7,
            "frequency_penalty": 0.5, "stream_options": ["include_usage": true],
        ]
        let llama = RequestContract.shape(body, for: EngineProfile(kind: .llamacpp), reasoning: nil)
        #expect(llama["cache_prompt"] == .bool(true) && llama["top_k"] == 1 && llama["max_tokens"] == 48)
        #expect(llama["stream_options"] == nil)  // without stream
        let openai = RequestContract.shape(body, for: EngineProfile(kind: .openai), reasoning: .high)
        #expect(openai["cache_prompt"] == nil && openai["top_k"] == nil && openai["max_tokens"] == nil)
        #expect(openai["max_completion_tokens"] == 48 && openai["reasoning_effort"] == "high")
        let ollama = RequestContract.shape(body, for: EngineProfile(kind: .ollama), reasoning: nil)
        #expect(ollama["top_k"] == nil && ollama["cache_prompt"] == nil && ollama["max_tokens"] == 48)
        let vllm = RequestContract.shape(body, for: EngineProfile(kind: .vllm), reasoning: .low)
        #expect(vllm["top_k"] == 1 && vllm["cache_prompt"] == nil && vllm["reasoning_effort"] == nil)
        var fixed = EngineProfile(kind: .openai)
        fixed.fixedSampling = true
        let reasoning = RequestContract.shape(body, for: fixed, reasoning: nil)
        #expect(reasoning["temperature"] == nil && reasoning["frequency_penalty"] == nil)
        var renamed = EngineProfile(kind: .lmstudio)
        renamed = RequestContract.apply(.rename("max_tokens", to: "max_completion_tokens"), to: renamed)
        #expect(RequestContract.shape(body, for: renamed, reasoning: nil)["max_completion_tokens"] == 48)
    }

    @Test func aStoredProfileIsOutsideInputToo() {
        var profile = EngineProfile(kind: .ollama, contextSize: 2_048, contextSource: "Ollama's /api/ps")
        profile.droppedFields = ["top_k"]
        let text = profile.jsonText() ?? ""
        #expect(EngineProfile.from(jsonText: text) == profile)
        #expect(EngineProfile.from(jsonText: #"{"kind":"ollama","tokenizer":"estimate","contextSize":-4}"#)?.contextSize == nil)
        #expect(EngineProfile.from(jsonText: #"{"kind":"ollama","tokenizer":"estimate","droppedFields":["x; DROP TABLE"]}"#)?.droppedFields == [])
        #expect(EngineProfile.from(jsonText: #"{"kind":"gpt"}"#) == nil)
        #expect(EngineDetector.numContext(in: "num_ctx                        8192\nstop \"<|im_end|>\"") == 8_192)
        #expect(EngineDetector.numContext(in: "num_ctx 0") == nil)
    }
}
