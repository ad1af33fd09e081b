import FoundationEssentials
import JSON

// The value of each `Transcript.Entry` case, named as Foundation Models 27 names them (`Instructions`,
// `Prompt`, `ToolCalls`, `ToolOutput`, `Response`, `Reasoning`), plus plan's own `Summary` and `Check`.
// A tool's own return type is its `Tool.Output` (a `ToolAnswer`); `Transcript.ToolOutput` is the entry that
// records it.
extension Transcript {
    /// The instructions entry's value.
    public struct Instructions: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        public var text: String
        public var tokens: Int

        public init(text: String, tokens: Int = 0, id: String = UUID().uuidString) {
            self.text = text
            self.tokens = tokens
            self.id = id
        }
    }

    /// A prompt's value: its text and the structured data it carries (plan: the trip).
    public struct Prompt: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        public var text: String
        /// The trip (or other data) the prompt is about, as JSON.
        public var payload: JSONValue?
        public var tokens: Int

        public init(text: String, payload: JSONValue? = nil, tokens: Int = 0, id: String = UUID().uuidString) {
            self.text = text
            self.payload = payload
            self.tokens = tokens
            self.id = id
        }

        /// The payload decoded as `Value`, or nil when there is none or it is of another type.
        public func value<Value: Decodable>(_ type: Value.Type) -> Value? {
            payload.flatMap { $0.isNull ? nil : $0.decoded(Value.self) }
        }
    }

    /// The calls of one reply, and their `name(arguments)` lines (what the model sees again).
    public struct ToolCalls: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        public var calls: [ToolCall]
        public var text: String
        public var tokens: Int

        /// `text` defaults to the calls' lines.
        public init(_ calls: [ToolCall], text: String? = nil, tokens: Int = 0, id: String = UUID().uuidString) {
            self.calls = calls
            self.text = text ?? calls.map(\.line).joined(separator: "\n")
            self.tokens = tokens
            self.id = id
        }
    }

    /// What one call answered: which tool, which call, the text the model reads and the tool's typed answer.
    public struct ToolOutput: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        /// The tool's name when it was called (for the model and for people; programs read `answer(_:)`).
        public var toolName: String
        /// The call it answers.
        public var callID: String?
        public var text: String
        /// The tool's typed answer, encoded; nil for a text-only output (a warning, an error).
        public var payload: JSONValue?
        /// The answer's type (`ToolAnswer.answerType`); nil for text-only outputs and rows stored before
        /// outputs were tagged.
        public var answerType: String?
        public var tokens: Int

        public init(
            toolName: String, callID: String?, text: String, payload: JSONValue? = nil, answerType: String? = nil,
            tokens: Int = 0, id: String = UUID().uuidString
        ) {
            self.toolName = toolName
            self.callID = callID
            self.text = text
            self.payload = payload
            self.answerType = answerType
            self.tokens = tokens
            self.id = id
        }

        /// The tool's answer as `Answer`, found by type, never by the tool's name: a tagged output is read
        /// only as the type it was tagged with; an untagged one (stored before tags) is read as whatever it
        /// decodes as. The answer's own `text` is not stored twice: the entry's `text` is what the model read.
        public func answer<Answer: ToolAnswer>(_ type: Answer.Type) -> Answer? {
            if let answerType {
                guard answerType == Answer.answerType else { return nil }
                return (payload ?? .null).decoded(Answer.self)
            }
            guard let payload, !payload.isNull else { return nil }
            return payload.decoded(Answer.self)
        }
    }

    /// The model's answer: text, and for a structured answer the content it generated.
    public struct Response: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        /// The answer as text (a structured answer's compact JSON).
        public var text: String
        /// The generated JSON, for a structured answer.
        public var content: JSONValue?
        public var tokens: Int

        public init(text: String, content: JSONValue? = nil, tokens: Int = 0, id: String = UUID().uuidString) {
            self.text = text
            self.content = content
            self.tokens = tokens
            self.id = id
        }
    }

    /// A reasoning model's thinking.
    public struct Reasoning: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        public var text: String
        public var tokens: Int

        public init(text: String, tokens: Int = 0, id: String = UUID().uuidString) {
            self.text = text
            self.tokens = tokens
            self.id = id
        }
    }

    /// Facts carried over, or a summary of older entries (the session's context recovery).
    public struct Summary: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        public var text: String
        public var tokens: Int

        public init(text: String, tokens: Int = 0, id: String = UUID().uuidString) {
            self.text = text
            self.tokens = tokens
            self.id = id
        }
    }

    /// An application's note on the session, of a kind it names, with what it found as JSON.
    public struct Annotation: TranscriptEntryValue, Equatable {
        /// The entry's identity (`Transcript.Entry.id`).
        public var id: String
        /// The application's name for it (not one of the framework's kinds).
        public var kind: Kind
        public var text: String
        public var payload: JSONValue?
        public var tokens: Int

        public init(kind: Kind, text: String, payload: JSONValue? = nil, tokens: Int = 0, id: String = UUID().uuidString) {
            self.kind = kind
            self.text = text
            self.payload = payload
            self.tokens = tokens
            self.id = id
        }
    }
}

extension JSONValue {
    /// This JSON decoded as `Value`, or nil when it does not fit.
    func decoded<Value: Decodable>(_ type: Value.Type) -> Value? {
        try? JSONDecoder().decode(Value.self, from: Data(compactText.utf8))
    }
}
