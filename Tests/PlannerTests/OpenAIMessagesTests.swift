import Foundation
import JSON
@testable import LanguageModels
@testable import Planner
import Testing
import Tools

@Suite struct OpenAIMessagesTests {
    static let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/llm/recorded")

    /// What the model backend reads an error answer as (the reading its retry loop acts on: production's path).
    static func reading(_ status: Int, _ body: Data) -> ServerErrorReader.Reading {
        ServerErrorReader.read(status: status, body: body, server: "the model server")
    }

    @Test func llamaServersOverflowBodyBecomesExceededContextWithBothCounts() throws {
        let body = try Data(contentsOf: Self.recorded.appending(path: "chat-overflow-400.json"))
        guard case let .overflow(tokens, contextSize) = Self.reading(400, body) else {
            Issue.record("not an overflow: \(Self.reading(400, body))")
            return
        }
        #expect(tokens > contextSize)
        #expect(contextSize > 0)
    }

    @Test func openAIStyleOverflowIsRecognisedToo() {
        let body = Data(#"{"error":{"message":"This model's maximum context length is 4096 tokens.","type":"invalid_request_error","code":"context_length_exceeded"}}"#.utf8)
        #expect(Self.reading(400, body) == .overflow(tokens: 0, contextSize: 4_096))
        #expect(Self.reading(429, Data()) == .rateLimited(retryAfter: nil))
    }

    static func request(tools: Bool, requires: Bool = false) -> ModelRequest {
        let echo = ToolDefinition(
            name: "geocode", description: "Find a place.", schema: GeocodeTool.Arguments.generationSchema,
            includesSchemaInInstructions: true, invoke: { _ in AnyToolAnswer("") }
        )
        let entries: [Transcript.Entry] = [
            .instructions(Transcript.Instructions(text: "Help.")),
            .prompt(Transcript.Prompt(text: "Pack for Denver.")),
            .toolCalls(Transcript.ToolCalls([ToolCall(id: "c1", name: "geocode", arguments: ["place": "Denver"])], text: "geocode(...)")),
            .toolOutput(Transcript.ToolOutput(toolName: "geocode", callID: "c1", text: "Denver, CO, US: 39.7")),
        ]
        return ModelRequest(entries: entries, tools: tools ? [echo] : [], answerSchema: DynamicGenerationSchema(name: "empty", properties: []).schema, options: GenerationOptions(), requiresToolCall: requires)
    }

    @Test func nativeModeSendsToolsAndTheWholeTranscript() {
        let body = OpenAIMessages.body(for: Self.request(tools: true), mode: .native, model: "m")
        let messages = body["messages"]?.arrayValue ?? []
        #expect(messages.map { $0["role"]?.stringValue } == ["system", "user", "assistant", "tool"])
        #expect(messages[2]["tool_calls"]?.arrayValue?.first?["function"]?["arguments"]?.stringValue == #"{"place":"Denver"}"#)
        #expect(messages[3]["tool_call_id"]?.stringValue == "c1")
        #expect(body["tools"]?.arrayValue?.count == 1)
        #expect(body["temperature"] == 0)
    }

    @Test func guidedModeConstrainsTheAnswerToAnyOfToolsAndResponse() {
        let body = OpenAIMessages.body(for: Self.request(tools: true), mode: .guided, model: nil)
        #expect(body["tools"] == nil)
        let format = body["response_format"]
        #expect(format?["type"] == "json_schema")
        let branches = format?["json_schema"]?["schema"]?["anyOf"]?.arrayValue ?? []
        #expect(branches.count == 2)
        #expect(branches[0]["properties"]?["tool_call"]?["properties"]?["name"]?["const"] == "geocode")
        #expect(branches[1]["properties"]?["response"] == ["type": "object", "properties": [:], "required": [], "additionalProperties": false])
        let messages = body["messages"]?.arrayValue ?? []
        #expect(messages[0]["content"]?.stringValue?.contains("geocode: Find a place.") == true)
        #expect(messages[2]["content"]?.stringValue == #"{"tool_call":{"arguments":{"place":"Denver"},"name":"geocode"}}"#)
        #expect(messages[3]["content"]?.stringValue == "Result of geocode: Denver, CO, US: 39.7")
        let required = OpenAIMessages.body(for: Self.request(tools: true, requires: true), mode: .guided, model: nil)
        #expect(required["response_format"]?["json_schema"]?["schema"]?["anyOf"] == nil)
        #expect(required["response_format"]?["json_schema"]?["schema"]?["properties"]?["tool_call"] != nil)
    }

    @Test func aRoundThatMustCallAToolIsCappedByTheRequestsOwnCap() {
        var request = Self.request(tools: true, requires: true)
        request.options.maximumResponseTokens = 1_000
        #expect(OpenAIMessages.body(for: request, mode: .guided, model: nil)["max_tokens"] == 1_000)
        request.toolCallTokens = 100
        request.reasoningAllowance = 20
        #expect(OpenAIMessages.body(for: request, mode: .guided, model: nil)["max_tokens"] == 120)
        request.requiresToolCall = false
        #expect(OpenAIMessages.body(for: request, mode: .native, model: nil)["max_tokens"] == 1_000)
    }

    @Test func repliesAreReadInEitherMode() throws {
        let native = Data(#"{"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[{"id":"x","type":"function","function":{"name":"forecast","arguments":"{\"latitude\":1,\"longitude\":2}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":50,"completion_tokens":9}}"#.utf8)
        let reply = try OpenAIMessages.reply(from: native, mode: .native, wantsStructured: true)
        #expect(reply.toolCalls == [ToolCall(id: "x", name: "forecast", arguments: ["latitude": 1, "longitude": 2])])
        #expect(reply.usage == LanguageModelSession.Usage(inputTokens: 50, outputTokens: 9))
        let guided = Data(#"{"choices":[{"message":{"role":"assistant","content":"{\"response\":{\"items\":[]}}"}}]}"#.utf8)
        let answer = try OpenAIMessages.reply(from: guided, mode: .guided, wantsStructured: true)
        #expect(answer.structured == ["items": []])
        let call = Data(#"{"choices":[{"message":{"role":"assistant","content":"{\"tool_call\":{\"name\":\"geocode\",\"arguments\":{\"place\":\"Oslo\"}}}"}}]}"#.utf8)
        #expect(try OpenAIMessages.reply(from: call, mode: .guided, wantsStructured: true).toolCalls.first?.name == "geocode")
    }

    @Test func aListCutOffByTheTokenLimitKeepsItsCompleteItems() throws {
        let content = #"{"response": {"items": [{"category": "Clothing", "name": "Socks {warm}", "quantity": 2, "reason": "a \"cold\" week", "weather": false}, {"category": "Footwear", "name": "Boots", "quantity": null, "reason": "snow", "weather": true}, {"category": "Health", "name": "Plas"#
        let body = try JSONSerialization.data(withJSONObject: [
            "choices": [["message": ["role": "assistant", "content": content], "finish_reason": "length"]],
            "usage": ["prompt_tokens": 10, "completion_tokens": 99],
        ])
        let reply = try OpenAIMessages.reply(from: body, mode: .guided, wantsStructured: true)
        let items = try #require(reply.structured?["items"]?.arrayValue)
        #expect(items.map { $0["name"]?.stringValue } == ["Socks {warm}", "Boots"])
        #expect(reply.isCutOff)
        #expect(reply.usage?.output.totalTokenCount == 99)
        // Nothing complete: no structured answer (the session reports the cut-off; the planner decides).
        let nothing = try JSONSerialization.data(withJSONObject: [
            "choices": [["message": ["role": "assistant", "content": #"{"response": {"items": [{"categ"#], "finish_reason": "length"]],
        ])
        let empty = try OpenAIMessages.reply(from: nothing, mode: .guided, wantsStructured: true)
        #expect(empty.structured == nil && empty.isCutOff)
        // A guided text answer cut mid-string keeps the text so far.
        let text = try JSONSerialization.data(withJSONObject: [
            "choices": [["message": ["role": "assistant", "content": #"{"response": "Pack a \"warm\" coat and"#], "finish_reason": "length"]],
        ])
        #expect(try OpenAIMessages.reply(from: text, mode: .guided, wantsStructured: false).text == #"Pack a "warm" coat and"#)
    }

    /// Salvage knows no answer's keys: any schema's cut-off answer keeps its complete values and the
    /// complete elements of its open lists, native or guided; the session then fills a required list the
    /// answer never reached with [] (PackingAnswer's notices), so the complete items are a valid answer.
    @Test func salvageKeepsWhatAnyAnswerCompleted() throws {
        func cut(_ content: String, mode: ToolCallingMode) throws -> ModelReply {
            let body = try JSONSerialization.data(withJSONObject: [
                "choices": [["message": ["role": "assistant", "content": content], "finish_reason": "length"]],
            ])
            return try OpenAIMessages.reply(from: body, mode: mode, wantsStructured: true)
        }
        let days = try cut(#"{"city": "Denver", "days": [{"day": "Thu", "low": -3}, {"day": "Fri", "lo"#, mode: .native)
        #expect(days.structured == ["city": "Denver", "days": [["day": "Thu", "low": -3]]])
        let openString = try cut(#"{"response": {"title": "Winter tr"#, mode: .guided)
        #expect(openString.structured == nil)
        let nested = try cut(#"{"response": {"groups": [{"name": "a", "items": ["x", "y"]}, {"name": "b", "items": ["z""#, mode: .guided)
        #expect(nested.structured == ["groups": [["name": "a", "items": ["x", "y"]]]])

        let items = try cut(#"{"items": [{"category": "Clothing", "name": "Socks", "quantity": 2, "reason": "cold", "weather": false}, {"cat"#, mode: .native)
        let schema = PackingAnswer.generationSchema.jsonSchema
        let completed = PackingAnswer.generationSchema.withMissingListsEmpty(try #require(items.structured))
        #expect(completed["notices"] == [])
        #expect(JSONSchemaValidator.problems(completed, against: schema).isEmpty)
        #expect(try PackingAnswer(json: completed).items.map(\.name) == ["Socks"])
    }

    @Test func streamedChunksAccumulateTextAndToolCallFragments() throws {
        let accumulator = StreamAccumulator()
        let chunks: [JSONValue] = [
            ["choices": [["delta": ["content": "Pack "]]]],
            ["choices": [["delta": ["content": "boots."]]]],
            ["choices": [["delta": ["tool_calls": [["index": 0, "id": "t", "function": ["name": "fore", "arguments": "{\"lat"]]]]]]],
            ["choices": [["delta": ["tool_calls": [["index": 0, "function": ["name": "cast", "arguments": "itude\":1}"]]]]]]],
            ["choices": [["delta": [:], "finish_reason": "stop"]], "usage": ["prompt_tokens": 7, "completion_tokens": 3]],
        ]
        let pieces = try chunks.compactMap { try accumulator.add($0).text }
        #expect(pieces == ["Pack ", "boots."])
        let reply = accumulator.reply()
        #expect(reply.text == "Pack boots.")
        #expect(reply.toolCalls == [ToolCall(id: "t", name: "forecast", arguments: ["latitude": 1])])
        #expect(reply.usage == LanguageModelSession.Usage(inputTokens: 7, outputTokens: 3))
    }
}
