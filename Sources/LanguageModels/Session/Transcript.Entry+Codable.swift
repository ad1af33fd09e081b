import FoundationEssentials

extension Transcript.Entry: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, value
    }

    /// An entry as `{"kind": "<case>", "value": {…the case's value…}}`: the kind is the stored name
    /// (`Transcript.Kind`), the value the case's own encoding (its `id`, text, tokens and fields).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        switch self {
        case let .instructions(value): try container.encode(value, forKey: .value)
        case let .prompt(value): try container.encode(value, forKey: .value)
        case let .toolCalls(value): try container.encode(value, forKey: .value)
        case let .toolOutput(value): try container.encode(value, forKey: .value)
        case let .response(value): try container.encode(value, forKey: .value)
        case let .reasoning(value): try container.encode(value, forKey: .value)
        case let .summary(value): try container.encode(value, forKey: .value)
        case let .annotation(value): try container.encode(value, forKey: .value)
        }
    }

    /// Reads an entry as `encode(to:)` writes it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(Transcript.Kind.self, forKey: .kind) {
        case .instructions: self = .instructions(try container.decode(Transcript.Instructions.self, forKey: .value))
        case .prompt: self = .prompt(try container.decode(Transcript.Prompt.self, forKey: .value))
        case .toolCalls: self = .toolCalls(try container.decode(Transcript.ToolCalls.self, forKey: .value))
        case .toolOutput: self = .toolOutput(try container.decode(Transcript.ToolOutput.self, forKey: .value))
        case .response: self = .response(try container.decode(Transcript.Response.self, forKey: .value))
        case .reasoning: self = .reasoning(try container.decode(Transcript.Reasoning.self, forKey: .value))
        case .summary: self = .summary(try container.decode(Transcript.Summary.self, forKey: .value))
        default: self = .annotation(try container.decode(Transcript.Annotation.self, forKey: .value))
        }
    }
}
