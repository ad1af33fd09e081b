import FoundationEssentials
import JSON

/// A JSON value as far as it has been generated: strings, arrays and objects say whether they are
/// complete. `PartialJSONParser` reads it from any prefix of a model's answer.
public indirect enum GeneratedContent: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String, isComplete: Bool)
    case array([GeneratedContent], isComplete: Bool)
    case object([Member], isComplete: Bool)

    /// One key and its value, in the order generated.
    public struct Member: Sendable, Equatable {
        public var key: String
        public var value: GeneratedContent

        public init(key: String, value: GeneratedContent) {
            self.key = key
            self.value = value
        }
    }

    /// Whether the value is closed (scalars are only ever reported once complete).
    public var isComplete: Bool {
        switch self {
        case .null, .bool, .number: return true
        case let .string(_, complete), let .array(_, complete), let .object(_, complete): return complete
        }
    }

    /// The value of `key`, when this is an object holding it. A key given twice keeps its first value, as
    /// `JSONValue.parse` does (Foundation's decoder), so a draft and the finished answer never disagree, and a
    /// value once shown while streaming is not replaced by a later duplicate.
    public subscript(key: String) -> GeneratedContent? {
        guard case let .object(members, _) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The elements, when this is an array.
    public var elements: [GeneratedContent]? {
        if case let .array(elements, _) = self { return elements }
        return nil
    }

    /// The text so far, when this is a string.
    public var text: String? {
        if case let .string(text, _) = self { return text }
        return nil
    }

    /// The value so far as JSON (open strings, arrays and objects closed where they stand).
    public var json: JSONValue {
        switch self {
        case .null: return .null
        case let .bool(value): return .bool(value)
        case let .number(value): return .number(value)
        case let .string(text, _): return .string(text)
        case let .array(elements, _): return .array(elements.map(\.json))
        case let .object(members, _):
            return .object(Dictionary(members.map { ($0.key, $0.value.json) }, uniquingKeysWith: { first, _ in first }))
        }
    }

    /// Whether this snapshot only adds to `earlier`: strings grow at their end, arrays and objects keep what
    /// they had (their last element or member may grow), and nothing complete becomes incomplete.
    public func extends(_ earlier: GeneratedContent) -> Bool {
        if earlier.isComplete && !isComplete { return false }
        switch (earlier, self) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a, aComplete), .string(b, _)):
            return aComplete ? a == b : b.hasPrefix(a)
        case let (.array(a, aComplete), .array(b, _)):
            guard b.count >= a.count, !(aComplete && b.count != a.count) else { return false }
            return zip(a, b).allSatisfy { pair in pair.1.extends(pair.0) }
        case let (.object(a, aComplete), .object(b, _)):
            guard b.count >= a.count, !(aComplete && b.count != a.count) else { return false }
            return zip(a, b).allSatisfy { pair in pair.0.key == pair.1.key && pair.1.value.extends(pair.0.value) }
        default:
            return false
        }
    }
}
