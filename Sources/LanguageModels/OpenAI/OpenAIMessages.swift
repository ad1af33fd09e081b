import FoundationEssentials
import Basics
import JSON

/// Turning a transcript into chat-completion messages, and a reply back into calls or an answer.
enum OpenAIMessages {
    static func body(for request: ModelRequest, mode: ToolCallingMode, model: String?) -> [String: JSONValue] {
        // A tool call needs few tokens; capping the round keeps a rambling small model short (the session
        // caps such a round already; this keeps the bound for any other caller that sets the request's cap).
        let toolCallCap = request.requiresToolCall
            ? request.toolCallTokens.map { [$0, request.reasoningAllowance].saturatingSum } : nil
        var body: [String: JSONValue] = [
            "messages": .array(messages(for: request, mode: mode)),
            "max_tokens": .number(Double(min(toolCallCap ?? Int.max, request.options.maximumResponseTokens))),
        ]
        if let model { body["model"] = .string(model) }
        // llama-server: reuse the KV cache of the longest matching prefix (the earlier rounds of this session).
        body["cache_prompt"] = true
        let sampling = request.options.sampling ?? .greedy
        switch sampling.kind {
        case .greedy:
            body["temperature"] = 0
            body["top_k"] = 1
        case let .topK(k):
            body["top_k"] = .number(Double(k))
            body["top_p"] = 1
        case let .topP(threshold):
            body["top_p"] = .number(threshold)
            body["top_k"] = 0
        }
        if sampling.kind != .greedy {
            if let temperature = request.options.temperature { body["temperature"] = .number(temperature) }
            // llama-server and vLLM read `seed`; OpenAI reads it as best effort.
            if let seed = sampling.seed {
                body["seed"] = .number(Double(seed))
                // Measured with llama-server: a prompt served from its cache gives other logits than one
                // evaluated afresh, so the same seed would give another answer. A seed asks for the same
                // answer: the prompt is evaluated afresh (slower).
                body["cache_prompt"] = false
            }
        }
        if request.tools.isEmpty, request.answerSchema == nil {
            // Free text only (a grammar-bound answer must repeat its keys): small models loop without it. With
            // SmolLM2-135M and a follow-up question, 0 gave the same paragraph four times; 0.5 an answer about
            // the trip's snow. OpenAI's parameter, honoured by llama-server, vLLM and Ollama.
            body["frequency_penalty"] = 0.5
        }
        if request.tools.isEmpty {
            if let schema = request.answerSchema { body["response_format"] = responseFormat(schema.jsonSchema) }
        } else if mode == .native {
            body["tools"] = .array(request.tools.map { tool in
                ["type": "function", "function": ["name": .string(tool.name), "description": .string(tool.description), "parameters": tool.parameters]]
            })
            body["tool_choice"] = request.requiresToolCall ? "required" : "auto"
        } else {
            body["response_format"] = responseFormat(
                guidedSchema(tools: request.tools, answer: request.requiresToolCall ? nil : request.answerSchema,
                             allowsAnswer: !request.requiresToolCall).schema.jsonSchema
            )
        }
        return body
    }

    /// The nested `json_schema` form (llama-server silently ignores the flat one).
    static func responseFormat(_ schema: JSONValue) -> JSONValue {
        ["type": "json_schema", "json_schema": ["name": "answer", "strict": true, "schema": schema]]
    }

    /// `anyOf`: one `{"tool_call": {"name": const, "arguments": schema}}` branch per tool, plus `{"response": answer}`
    /// (text when no answer schema is given), built at run time from the tools the round offers.
    static func guidedSchema(tools: [ToolDefinition], answer: GenerationSchema?, allowsAnswer: Bool = true)
        -> DynamicGenerationSchema
    {
        var branches: [DynamicGenerationSchema] = tools.map { tool in
            DynamicGenerationSchema(name: "call_\(tool.name)", properties: [
                .init(name: "tool_call", schema: DynamicGenerationSchema(name: tool.name, properties: [
                    .init(name: "name", schema: DynamicGenerationSchema(constant: tool.name)),
                    .init(name: "arguments", schema: DynamicGenerationSchema(tool.schema)),
                ])),
            ])
        }
        if allowsAnswer {
            branches.append(DynamicGenerationSchema(name: "answer", properties: [
                .init(name: "response", schema: DynamicGenerationSchema(answer ?? String.generationSchema)),
            ]))
        }
        return DynamicGenerationSchema(name: "turn", anyOf: branches)
    }

    static func messages(for request: ModelRequest, mode: ToolCallingMode) -> [JSONValue] {
        // The whole session is rendered one way, so the prefix the server cached stays the same.
        let guided = mode == .guided && !request.sessionTools.isEmpty
        var messages: [JSONValue] = []
        for entry in request.entries {
            switch entry {
            case .annotation, .reasoning:
                // The application's own notes, and a model's thinking, are never sent back.
                continue
            case .instructions:
                var text = entry.text
                if guided { text += "\n\n" + guidedInstructions(request.sessionTools) }
                messages.append(["role": "system", "content": .string(text)])
            case .summary:
                messages.append(["role": "system", "content": .string(entry.text)])
            case .prompt:
                messages.append(["role": "user", "content": .string(entry.text)])
            case let .response(response):
                messages.append(["role": "assistant", "content": .string(guided ? JSONValue.object(["response": response.content ?? .string(entry.text)]).compactText : entry.text)])
            case let .toolCalls(toolCalls):
                if mode == .native {
                    messages.append([
                        "role": "assistant", "content": "",
                        "tool_calls": .array(toolCalls.calls.map { call in
                            ["id": .string(call.id), "type": "function",
                             "function": ["name": .string(call.name), "arguments": .string(call.arguments.compactText)]]
                        }),
                    ])
                } else {
                    for call in toolCalls.calls {
                        messages.append(["role": "assistant", "content": .string(JSONValue.object(["tool_call": ["name": .string(call.name), "arguments": call.arguments]]).compactText)])
                    }
                }
            case let .toolOutput(output):
                if mode == .native {
                    messages.append(["role": "tool", "tool_call_id": .from(output.callID), "content": .string(entry.text)])
                } else {
                    messages.append(["role": "user", "content": .string("Result of \(output.toolName.isEmpty ? "tool" : output.toolName): \(entry.text)")])
                }
            }
        }
        return messages
    }

    /// Tools spelled out for guided mode (each tool's schema only where it asks for it).
    static func guidedInstructions(_ tools: [ToolDefinition]) -> String {
        var lines = ["Tools (answer {\"tool_call\":{\"name\":...,\"arguments\":{...}}} to call one, or {\"response\":...} to answer):"]
        for tool in tools {
            var line = "- \(tool.name): \(tool.description)"
            if tool.includesSchemaInInstructions { line += " Arguments: \(tool.parameters["properties"]?.compactText ?? "{}")" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// Reads a non-streamed completion.
    static func reply(from data: Data, mode: ToolCallingMode, wantsStructured: Bool) throws -> ModelReply {
        guard let document = try? JSONValue.parse(data), let message = document["choices"]?.arrayValue?.first?["message"] else {
            throw LanguageModelError.decodingFailure("the server's answer has no choices[0].message")
        }
        let usage = LanguageModelSession.Usage.from(document["usage"])
        // A reasoning model's thinking: llama-server's and vLLM's `reasoning_content`, Ollama's `reasoning`,
        // or a `<think>` block at the start of the content.
        let (thought, content) = ThinkTagFilter.split(message["content"]?.stringValue ?? "")
        let separate = (message["reasoning_content"] ?? message["reasoning"])?.stringValue
        let reasoning = [separate, thought].compactMap { $0 }.joined(separator: "\n")
        let finish = ModelReply.FinishReason(serverValue: document["choices"]?.arrayValue?.first?["finish_reason"]?.stringValue)
        var reply = ModelReply(
            text: content, usage: usage, finishReason: finish,
            reasoning: reasoning.isEmpty ? nil : String(reasoning.prefix(ThinkTagFilter.maximumReasoningCharacters))
        )
        if let calls = message["tool_calls"]?.arrayValue, !calls.isEmpty {
            reply.toolCalls = calls.enumerated().compactMap { index, call in
                guard let name = call["function"]?["name"]?.stringValue else { return nil }
                let arguments = call["function"]?["arguments"]?.stringValue.flatMap { try? JSONValue.parse($0) }
                    ?? call["function"]?["arguments"] ?? [:]
                return ToolCall(id: call["id"]?.stringValue ?? "call_\(index)", name: name, arguments: arguments)
            }
            return reply
        }
        return interpret(content: content, reply: reply, mode: mode, wantsStructured: wantsStructured)
    }

    /// What a cut-off answer completed, read with the partial-JSON parser (no key is looked up by name but
    /// the guided wrapper's `response`): for a structured answer, every complete value, and of an open
    /// array its complete elements, dropping the value being written when the answer stopped; for text,
    /// the string so far.
    static func salvage(_ reply: ModelReply, wantsStructured: Bool) -> ModelReply {
        var reply = reply
        guard reply.isCutOff, reply.toolCalls.isEmpty, reply.structured == nil,
              let content = PartialJSONParser.parse(reply.text)
        else { return reply }
        // A guided answer is {"response": …}; a native one is the answer itself.
        var answer = content
        if case let .object(members, _) = content, members.first?.key == "response", let inner = content["response"] {
            answer = inner
        }
        if wantsStructured {
            if case .object = answer, let completed = completedPart(answer), holdsSomething(completed) {
                reply.structured = completed
            }
        } else if let text = answer.text {
            reply.text = text
        }
        return reply
    }

    /// Whether a salvaged value holds anything: a scalar, a non-empty list, or an object holding something.
    static func holdsSomething(_ value: JSONValue) -> Bool {
        switch value {
        case let .array(elements): return !elements.isEmpty
        case let .object(members): return members.values.contains { holdsSomething($0) }
        default: return true
        }
    }

    /// The complete part of a value cut off while being generated: nil for a string, object or array still
    /// open (an array keeps its complete elements, an object its complete members).
    static func completedPart(_ content: GeneratedContent) -> JSONValue? {
        switch content {
        case .null, .bool, .number:
            return content.json
        case let .string(_, complete):
            // Not `complete ? … : nil`: JSONValue takes a nil literal, which would make that `.null`.
            guard complete else { return Optional<JSONValue>.none }
            return content.json
        case let .array(elements, complete):
            if complete { return content.json }
            return .array(elements.filter(\.isComplete).map(\.json))
        case let .object(members, complete):
            if complete { return content.json }
            var kept: [String: JSONValue] = [:]
            for member in members {
                if let value = completedPart(member.value) { kept[member.key] = value }
            }
            return .object(kept)
        }
    }

    /// Guided answers are JSON `{"tool_call": ...}` or `{"response": ...}`; native structured answers are JSON.
    static func interpret(content: String, reply: ModelReply, mode: ToolCallingMode, wantsStructured: Bool) -> ModelReply {
        var reply = reply
        guard let json = try? JSONValue.parse(content) else { return salvage(reply, wantsStructured: wantsStructured) }
        if let call = json["tool_call"], let name = call["name"]?.stringValue {
            reply.toolCalls = [ToolCall(id: "call_\(abs(content.hashValue % 100_000))", name: name, arguments: call["arguments"] ?? [:])]
            return reply
        }
        if let response = json["response"] {
            if wantsStructured {
                reply.structured = response
            } else {
                reply.text = response.stringValue ?? response.compactText
            }
            return reply
        }
        if wantsStructured { reply.structured = json }
        return reply
    }
}

/// Collects streamed chunks: content pieces, tool-call fragments by index, usage.
final class StreamAccumulator: Sendable {
    /// What the chunks said so far.
    private struct State {
        var text = ""
        var calls: [Int: (id: String, name: String, arguments: String)] = [:]
        var usage: LanguageModelSession.Usage?
        var finishReason: ModelReply.FinishReason?
        var separateReasoning = ""
        /// The stream's `[DONE]` came (or the answer was one plain completion).
        var isDone = false
        /// UTF-8 bytes of text, names and arguments so far.
        var size = 0
    }

    private let state = Locked(State())
    private let thinkTags = ThinkTagFilter()
    private let maximumBytes: Int

    init(maximumBytes: Int = 1_048_576) {
        self.maximumBytes = maximumBytes
    }

    /// Adds a chunk; returns the new answer text and the new reasoning, if any. Throws when the answer
    /// outgrows its limit.
    func add(_ chunk: JSONValue) throws -> (text: String?, reasoning: String?) {
        try state.withLock { state in
            if let reason = ModelReply.FinishReason(serverValue: chunk["choices"]?.arrayValue?.first?["finish_reason"]?.stringValue) {
                state.finishReason = reason
            }
            if let counted = LanguageModelSession.Usage.from(chunk["usage"]) { state.usage = counted }
            guard let delta = chunk["choices"]?.arrayValue?.first?["delta"] else { return (nil, nil) }
            var thought = (delta["reasoning_content"] ?? delta["reasoning"])?.stringValue
            if let piece = thought {
                state.size += piece.utf8.count
                if state.separateReasoning.count < ThinkTagFilter.maximumReasoningCharacters { state.separateReasoning += piece }
            }
            for fragment in delta["tool_calls"]?.arrayValue ?? [] {
                let index = fragment["index"]?.intValue ?? 0
                var call = state.calls[index] ?? (id: "", name: "", arguments: "")
                // The id and the name are taken once: llama-cpp-python repeats both in every fragment (a name
                // concatenated would be "geocodegeocode"). A name coming on in pieces without its id again is added.
                let id = fragment["id"]?.stringValue.map { String($0.prefix(200)) }
                let repeated = id != nil && id == call.id
                if call.id.isEmpty, let id { call.id = id }
                if let name = fragment["function"]?["name"]?.stringValue, !repeated, name != call.name, call.name.count < 200 {
                    call.name += name
                    state.size += name.utf8.count
                }
                if let arguments = fragment["function"]?["arguments"]?.stringValue {
                    call.arguments += arguments
                    state.size += arguments.utf8.count
                }
                state.calls[index] = call
            }
            let raw = delta["content"]?.stringValue ?? ""
            state.size += raw.utf8.count
            guard state.size <= maximumBytes else {
                throw LanguageModelError.decodingFailure("the answer is larger than \(maximumBytes / 1_048_576) MB")
            }
            if thought?.isEmpty == true { thought = nil }
            guard !raw.isEmpty else { return (nil, thought) }
            let split = thinkTags.feed(raw)
            if let inTags = split.reasoning { thought = (thought ?? "") + inTags }
            guard let piece = split.answer, !piece.isEmpty else { return (nil, thought) }
            state.text += piece
            return (piece, thought)
        }
    }

    /// The stream said it was over (`[DONE]`).
    func markDone() {
        state.withLock { $0.isDone = true }
    }

    /// Whether the stream ended as a stream should: with `[DONE]` or a finish reason. One that stopped
    /// without either (llama-cpp-python's overflow while streaming: 200 and nothing) is no answer.
    var isComplete: Bool {
        state.withLock { $0.isDone || $0.finishReason != nil }
    }

    func reply() -> ModelReply {
        state.withLock { state in
            let toolCalls = state.calls.keys.sorted().compactMap { index -> ToolCall? in
                guard let call = state.calls[index], !call.name.isEmpty else { return nil }
                return ToolCall(
                    id: call.id.isEmpty ? "call_\(index)" : call.id, name: call.name,
                    arguments: (try? JSONValue.parse(call.arguments)) ?? [:]
                )
            }
            let rest = thinkTags.finish()
            let reasoning = [state.separateReasoning, thinkTags.reasoning].filter { !$0.isEmpty }.joined(separator: "\n")
            return ModelReply(
                toolCalls: toolCalls, text: state.text + (rest.answer ?? ""), usage: state.usage,
                finishReason: state.finishReason, reasoning: reasoning.isEmpty ? nil : reasoning
            )
        }
    }
}
