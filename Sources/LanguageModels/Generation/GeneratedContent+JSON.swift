import FoundationEssentials
import JSON

extension GeneratedContent {
    /// A complete value.
    public init(complete json: JSONValue) {
        switch json {
        case .null: self = .null
        case let .bool(value): self = .bool(value)
        case let .number(value): self = .number(value)
        case let .string(text): self = .string(text, isComplete: true)
        case let .array(elements): self = .array(elements.map(GeneratedContent.init(complete:)), isComplete: true)
        case let .object(object):
            self = .object(
                object.keys.sorted().compactMap { key in object[key].map { Member(key: key, value: GeneratedContent(complete: $0)) } },
                isComplete: true
            )
        }
    }
}
