import Foundation
import LanguageModels
import Store

/// What a session has said and done, entry by entry, as in Foundation Models' `Transcript`.
public struct Transcript: Sendable, Equatable {
    /// The kinds of entry (Store's enum: the same names are stored and checked by the table).
    public typealias Kind = EntryKind

    /// One entry.
    public struct Entry: Sendable, Equatable {
        public var kind: Kind
        /// The text the model sees (for tool calls: `name(arguments)` lines).
        public var text: String
        /// For `toolCalls`.
        public var toolCalls: [ToolCall]
        /// For `toolOutput`: which tool and which call it answers.
        public var toolName: String?
        public var toolCallID: String?
        /// Structured data: a prompt's trip, a tool's payload, a structured answer.
        public var payload: JSONValue?
        /// Tokens the entry takes in the model's context.
        public var tokens: Int
        /// The stored sequence number, once persisted.
        public var seq: Int?

        public init(
            kind: Kind, text: String, toolCalls: [ToolCall] = [], toolName: String? = nil, toolCallID: String? = nil,
            payload: JSONValue? = nil, tokens: Int = 0, seq: Int? = nil
        ) {
            self.kind = kind
            self.text = text
            self.toolCalls = toolCalls
            self.toolName = toolName
            self.toolCallID = toolCallID
            self.payload = payload
            self.tokens = tokens
            self.seq = seq
        }

        /// The JSON stored beside the text (calls, call ids, payloads), or nil.
        public var storedPayload: JSONValue? {
            switch kind {
            case .toolCalls:
                return .array(toolCalls.map { ["id": .string($0.id), "name": .string($0.name), "arguments": $0.arguments] })
            case .toolOutput:
                return ["callID": .from(toolCallID), "payload": payload ?? .null]
            default:
                return payload
            }
        }

        /// Rebuilds an entry from its stored row.
        public init(record: TranscriptRecord) {
            let kind = record.kind
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

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Tokens of all entries.
    public var tokenCount: Int { entries.reduce(0) { $0 + $1.tokens } }
}

/// A call the model asked for.
public struct ToolCall: Sendable, Equatable, Hashable {
    public var id: String
    public var name: String
    public var arguments: JSONValue

    public init(id: String, name: String, arguments: JSONValue) {
        self.id = id
        self.name = name
        self.arguments = arguments
    }

    /// "forecast({"latitude":39.7392,"longitude":-104.9847})".
    public var line: String { "\(name)(\(arguments.compactText))" }
}
