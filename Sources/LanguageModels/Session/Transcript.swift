import Foundation

/// What a session has said and done, entry by entry, as in Foundation Models' `Transcript`.
public struct Transcript: Sendable, Equatable {
    /// The kinds of entry (plan stores them by these names).
    public enum Kind: String, Sendable, CaseIterable, Codable {
        case instructions, prompt, toolCalls, toolOutput, response, summary
        /// The application's own check of a model's answer (plan: what was kept, merged, added and dropped,
        /// and the verdict).
        case check
        /// A reasoning model's thinking, kept apart from its answers (never sent back, never parsed), as
        /// Foundation Models 27's `Transcript.Entry.reasoning`.
        case reasoning
    }

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
