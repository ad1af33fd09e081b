import Foundation
import LanguageModels
import Store

extension Transcript.Entry {
    /// Rebuilds an entry from its stored row.
    public init(record: TranscriptRecord) {
        let kind = Transcript.Kind(record.kind)
        let stored = record.payload.flatMap { try? JSONValue.parse($0) }
        var calls: [ToolCall] = []
        var payload = stored
        var callID: String?
        switch kind {
        case .toolCalls:
            calls = stored?.arrayValue?.compactMap { call in
                guard let id = call["id"]?.stringValue, let name = call["name"]?.stringValue else { return nil }
                return ToolCall(id: id, name: name, arguments: call["arguments"] ?? [:])
            } ?? []
            payload = nil
        case .toolOutput:
            callID = stored?["callID"]?.stringValue
            payload = stored?["payload"].flatMap { $0.isNull ? nil : $0 }
        case .instructions, .prompt, .response, .summary, .check, .reasoning:
            break
        }
        self.init(
            kind: kind, text: record.text, toolCalls: calls, toolName: record.tool, toolCallID: callID,
            payload: payload, tokens: record.tokens, seq: record.seq
        )
    }
}

extension Transcript.Kind {
    /// The kind of a stored entry (Store's enum names the same cases; a new case fails to compile here).
    public init(_ kind: EntryKind) {
        switch kind {
        case .instructions: self = .instructions
        case .prompt: self = .prompt
        case .toolCalls: self = .toolCalls
        case .toolOutput: self = .toolOutput
        case .response: self = .response
        case .summary: self = .summary
        case .check: self = .check
        case .reasoning: self = .reasoning
        }
    }
}

extension EntryKind {
    /// The stored kind of a transcript entry.
    public init(_ kind: Transcript.Kind) {
        switch kind {
        case .instructions: self = .instructions
        case .prompt: self = .prompt
        case .toolCalls: self = .toolCalls
        case .toolOutput: self = .toolOutput
        case .response: self = .response
        case .summary: self = .summary
        case .check: self = .check
        case .reasoning: self = .reasoning
        }
    }
}
