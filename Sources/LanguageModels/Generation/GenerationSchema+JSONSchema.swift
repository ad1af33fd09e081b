import FoundationEssentials
import JSON

extension GenerationSchema {
    /// `value` with every list property of this object schema that it lacks set to `[]`: what an answer cut
    /// off before a list began means (its complete part is then still a valid answer if nothing else is
    /// missing). Other values, and schemas that are not objects, are returned as they are.
    public func withMissingListsEmpty(_ value: JSONValue) -> JSONValue {
        guard case var .object(members) = value else { return value }
        for property in properties where members[property.name] == nil {
            if case .array = property.schema.kind { members[property.name] = .array([]) }
        }
        return .object(members)
    }

    /// The schema as JSON Schema, in the subset llama-server's `json_schema` grammar compiles (`enum`,
    /// `const`, `pattern`, `minItems`/`maxItems`, `minimum`/`maximum`, `minLength`/`maxLength`, `anyOf`) and
    /// `JSONSchemaValidator` checks. Every property is required; an optional one may be `null`.
    public var jsonSchema: JSONValue {
        var object: [String: JSONValue] = [:]
        switch kind {
        case .string:
            object["type"] = "string"
        case .integer:
            object["type"] = "integer"
        case .number:
            object["type"] = "number"
        case .boolean:
            object["type"] = "boolean"
        case .null:
            object["type"] = "null"
        case let .array(element):
            object["type"] = "array"
            object["items"] = element.jsonSchema
        case let .object(properties):
            object["type"] = "object"
            var compiled: [String: JSONValue] = [:]
            for property in properties {
                var child = property.schema.jsonSchema
                if let description = property.description, case var .object(fields) = child {
                    fields["description"] = .string(description)
                    child = .object(fields)
                }
                compiled[property.name] = child
            }
            object["properties"] = .object(compiled)
            object["required"] = .array(properties.map { .string($0.name) })
            object["additionalProperties"] = false
        case let .anyOf(branches):
            object["anyOf"] = .array(branches.map(\.jsonSchema))
        case let .optional(wrapped):
            let inner = wrapped.jsonSchema
            if case var .object(fields) = inner, let type = fields["type"]?.stringValue, fields["const"] == nil,
               fields["enum"] == nil {
                fields["type"] = [.string(type), "null"]
                object = fields
            } else {
                object["anyOf"] = [inner, ["type": "null"]]
            }
        }
        for guide in guides { Self.apply(guide, to: &object) }
        if let description, object["description"] == nil, case .object = kind {
            object["description"] = .string(description)
        }
        return .object(object)
    }

    /// Writes one guide into a JSON Schema object (llama-server compiles `const` alone: it replaces the rest).
    static func apply(_ guide: GenerationGuide, to object: inout [String: JSONValue]) {
        switch guide {
        case let .range(range):
            object["minimum"] = .number(range.lowerBound)
            object["maximum"] = .number(range.upperBound)
        case let .minimum(value):
            object["minimum"] = .number(value)
        case let .maximum(value):
            object["maximum"] = .number(value)
        case let .count(count):
            object["minItems"] = .number(Double(count))
            object["maxItems"] = .number(Double(count))
        case let .minimumCount(count):
            object["minItems"] = .number(Double(count))
        case let .maximumCount(count):
            object["maxItems"] = .number(Double(count))
        case let .anyOf(values):
            object["enum"] = .array(values.map(JSONValue.string))
        case let .pattern(pattern):
            object["pattern"] = .string(Self.anchored(pattern))
        case let .constant(value):
            // llama-server compiles `const` alone; a `type` beside it is redundant.
            object = ["const": .string(value)]
        case let .length(range):
            object["minLength"] = .number(Double(range.lowerBound))
            object["maxLength"] = .number(Double(range.upperBound))
        }
    }

    /// `json` with `null` written for every optional property Codable left out (the schema requires every
    /// key, so a model always writes it).
    public func withNulls(_ json: JSONValue) -> JSONValue {
        switch (kind, json) {
        case let (.object(properties), .object(object)):
            var filled = object
            for property in properties {
                if let value = object[property.name] {
                    filled[property.name] = property.schema.withNulls(value)
                } else if case .optional = property.schema.kind {
                    filled[property.name] = .null
                }
            }
            return .object(filled)
        case let (.array(element), .array(elements)):
            return .array(elements.map(element.withNulls))
        case let (.optional(wrapped), value):
            return value.isNull ? value : wrapped.withNulls(value)
        default:
            return json
        }
    }

    /// `^…$` around a pattern (llama-server requires the anchors; the validator matches the whole string).
    static func anchored(_ pattern: String) -> String {
        var text = pattern
        if !text.hasPrefix("^") { text = "^" + text }
        if !text.hasSuffix("$") { text += "$" }
        return text
    }
}
