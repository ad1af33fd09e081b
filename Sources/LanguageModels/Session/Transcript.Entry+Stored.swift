import FoundationEssentials
import JSON

extension Transcript.Entry {
    /// The tool named beside the entry when stored: a tool output's tool, or a reply's first call.
    public var storedTool: String? {
        switch self {
        case let .toolOutput(output): return output.toolName
        case let .toolCalls(calls): return calls.calls.first?.name
        case .instructions, .prompt, .response, .reasoning, .summary, .annotation: return nil
        }
    }

    /// The JSON stored beside the text, or nil: a reply's calls (`[{"id","name","arguments"}]`), a tool
    /// output's `{"callID", "payload"}` (with `"type"`, the answer's type, when it has one), a prompt's,
    /// annotation's or structured response's JSON.
    public var storedPayload: JSONValue? {
        switch self {
        case let .toolCalls(value):
            return .array(value.calls.map { ["id": .string($0.id), "name": .string($0.name), "arguments": $0.arguments] })
        case let .toolOutput(value):
            var stored: [String: JSONValue] = ["callID": .from(value.callID), "payload": value.payload ?? .null]
            if let answerType = value.answerType { stored["type"] = .string(answerType) }
            return .object(stored)
        case let .prompt(value): return value.payload
        case let .response(value): return value.content
        case let .annotation(value): return value.payload
        case .instructions, .reasoning, .summary: return nil
        }
    }

    /// Rebuilds an entry from its stored form (the inverse of `kind`, `storedTool`, `text`, `storedPayload`
    /// and `tokens`), with its `id`. A payload that is not JSON, or not of the case's shape, is read as none.
    public init(kind: Transcript.Kind, text: String, tool: String?, storedPayload: String?, tokens: Int, id: String) {
        let stored = storedPayload.flatMap { try? JSONValue.parse($0) }
        switch kind {
        case .instructions:
            self = .instructions(Transcript.Instructions(text: text, tokens: tokens, id: id))
        case .prompt:
            self = .prompt(Transcript.Prompt(text: text, payload: stored, tokens: tokens, id: id))
        case .toolCalls:
            let calls = stored?.arrayValue?.compactMap { call -> ToolCall? in
                guard let id = call["id"]?.stringValue, let name = call["name"]?.stringValue else { return nil }
                return ToolCall(id: id, name: name, arguments: call["arguments"] ?? [:])
            } ?? []
            self = .toolCalls(Transcript.ToolCalls(calls, text: text, tokens: tokens, id: id))
        case .toolOutput:
            self = .toolOutput(Transcript.ToolOutput(
                toolName: tool ?? "", callID: stored?["callID"]?.stringValue, text: text,
                payload: stored?["payload"].flatMap { $0.isNull ? Optional.none : $0 }, answerType: stored?["type"]?.stringValue,
                tokens: tokens, id: id
            ))
        case .response:
            self = .response(Transcript.Response(text: text, content: stored, tokens: tokens, id: id))
        case .reasoning:
            self = .reasoning(Transcript.Reasoning(text: text, tokens: tokens, id: id))
        case .summary:
            self = .summary(Transcript.Summary(text: text, tokens: tokens, id: id))
        default:
            self = .annotation(Transcript.Annotation(kind: kind, text: text, payload: stored, tokens: tokens, id: id))
        }
    }
}
