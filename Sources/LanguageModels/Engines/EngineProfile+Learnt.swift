import FoundationEssentials
import Basics

extension EngineProfile {
    /// One thing learnt from a server's answers rather than asked of its endpoints: what doctor shows as
    /// learnt, and what forgetting a server drops.
    public enum LearntFact: Sendable, Equatable, Hashable, CustomStringConvertible {
        /// A window named by an overflow message.
        case window(Int)
        /// A field the server refused: not sent.
        case dropped(String)
        /// A field the server wanted under another name.
        case renamed(String, to: String)
        /// Only the model's default sampling is sent.
        case defaultSampling
        /// Structured output goes as `json_object` with a schema.
        case schemaInJSONObject
        /// A reasoning model, seen in its replies (or configured).
        case reasoning

        /// The fact in words ("a window of 2,048 tokens, from its overflow message", "top_k not sent").
        public var description: String {
            switch self {
            case let .window(size): return "a window of \(NumberText.grouped(size)) tokens, from its overflow message"
            case let .dropped(field): return "\(field) not sent"
            case let .renamed(field, replacement): return "\(field) sent as \(replacement)"
            case .defaultSampling: return "default sampling only"
            case .schemaInJSONObject: return "structured output as json_object with a schema"
            case .reasoning: return "a reasoning model"
            }
        }
    }

    /// What was learnt from the server's answers, in a stable order: refusals, then the window, then reasoning.
    public var learntFacts: [LearntFact] {
        var facts = droppedFields.map(LearntFact.dropped)
        facts += renamedFields.sorted { $0.key < $1.key }.map { LearntFact.renamed($0.key, to: $0.value) }
        if fixedSampling { facts.append(.defaultSampling) }
        if schemaInJSONObject, !kind.takesSchemaInJSONObject { facts.append(.schemaInJSONObject) }
        if contextSource == Self.overflowSource, let contextSize { facts.append(.window(contextSize)) }
        if isReasoning { facts.append(.reasoning) }
        return facts
    }
}
