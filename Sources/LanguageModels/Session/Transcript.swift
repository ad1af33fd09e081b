import FoundationEssentials
import JSON

/// What a session has said and done, entry by entry, as in Foundation Models' `Transcript`.
public struct Transcript: Sendable, Equatable, Codable {
    /// The kinds of entry, each the name an application stores an entry's kind by (plan's database does, its
    /// CHECK listing the names it stores). The framework's own are the `Entry` cases' names; an application
    /// names its annotations' kinds itself (a check of an answer, say), never one of the framework's.
    public struct Kind: RawRepresentable, Hashable, Sendable, Codable, CustomStringConvertible {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public static let instructions = Kind(rawValue: "instructions")
        public static let prompt = Kind(rawValue: "prompt")
        public static let toolCalls = Kind(rawValue: "toolCalls")
        public static let toolOutput = Kind(rawValue: "toolOutput")
        public static let response = Kind(rawValue: "response")
        /// Facts carried from an earlier session, or the summary of older entries the session made when its
        /// context window filled (context recovery).
        public static let summary = Kind(rawValue: "summary")
        /// A reasoning model's thinking, kept apart from its answers (never sent back, never parsed), as
        /// Foundation Models 27's `Transcript.Entry.reasoning`.
        public static let reasoning = Kind(rawValue: "reasoning")

        /// The framework's own kinds; any other is an application's annotation.
        public static let framework: [Kind] = [.instructions, .prompt, .toolCalls, .toolOutput, .response, .summary, .reasoning]

        /// Whether this is one of the framework's own kinds.
        public var isFramework: Bool { Self.framework.contains(self) }

        public var description: String { rawValue }
    }

    /// One entry, as Foundation Models 27's `Transcript.Entry`: a case per kind, each with its value
    /// (`Transcript+Entries.swift`), plus the session's own `summary` and the application's annotations.
    public enum Entry: Sendable, Equatable {
        /// What the model is told to be and do (the first entry of a session).
        case instructions(Instructions)
        /// What the user (or plan, for them) asked, with the trip it is about.
        case prompt(Prompt)
        /// The tools the model asked to call in one reply.
        case toolCalls(ToolCalls)
        /// What one tool call answered.
        case toolOutput(ToolOutput)
        /// The model's answer, as text or as structured content.
        case response(Response)
        /// A reasoning model's thinking (never sent back, never parsed).
        case reasoning(Reasoning)
        /// Facts carried from an earlier session, or a summary of older entries (context recovery).
        case summary(Summary)
        /// The application's own note on the session, of a kind it names (a check of an answer, say): kept
        /// and shown, never sent to the model, never summarised.
        case annotation(Annotation)

        /// The stored name of the entry's case.
        public var kind: Kind {
            switch self {
            case .instructions: return .instructions
            case .prompt: return .prompt
            case .toolCalls: return .toolCalls
            case .toolOutput: return .toolOutput
            case .response: return .response
            case .reasoning: return .reasoning
            case .summary: return .summary
            case let .annotation(value): return value.kind
            }
        }

        /// The entry's value, whatever its case.
        private var value: any TranscriptEntryValue {
            switch self {
            case let .instructions(value): return value
            case let .prompt(value): return value
            case let .toolCalls(value): return value
            case let .toolOutput(value): return value
            case let .response(value): return value
            case let .reasoning(value): return value
            case let .summary(value): return value
            case let .annotation(value): return value
            }
        }

        /// What a setter changes in the entry's value, whatever its case.
        private enum Change {
            case tokens(Int)
            case id(String)

            func applied<Value: TranscriptEntryValue>(to value: Value) -> Value {
                var value = value
                switch self {
                case let .tokens(tokens): value.tokens = tokens
                case let .id(id): value.id = id
                }
                return value
            }
        }

        /// Changes the entry's value in place, whatever its case.
        private mutating func update(_ change: Change) {
            switch self {
            case let .instructions(value): self = .instructions(change.applied(to: value))
            case let .prompt(value): self = .prompt(change.applied(to: value))
            case let .toolCalls(value): self = .toolCalls(change.applied(to: value))
            case let .toolOutput(value): self = .toolOutput(change.applied(to: value))
            case let .response(value): self = .response(change.applied(to: value))
            case let .reasoning(value): self = .reasoning(change.applied(to: value))
            case let .summary(value): self = .summary(change.applied(to: value))
            case let .annotation(value): self = .annotation(change.applied(to: value))
            }
        }

        /// The text the model sees (for tool calls: `name(arguments)` lines).
        public var text: String { value.text }

        /// Tokens the entry takes in the model's context.
        public var tokens: Int {
            get { value.tokens }
            set { update(.tokens(newValue)) }
        }

        /// The entry's identity (its value's `id`), as Foundation Models 27's `Transcript.Entry.id`.
        public var id: String {
            get { value.id }
            set { update(.id(newValue)) }
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry] = []) {
        self.entries = entries
    }

    /// Tokens of all entries.
    public var tokenCount: Int { entries.map(\.tokens).saturatingSum }
}

/// A call the model asked for.
public struct ToolCall: Sendable, Equatable, Hashable, Codable {
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
