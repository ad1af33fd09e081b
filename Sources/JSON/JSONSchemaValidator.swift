import FoundationEssentials

/// Checks a JSON value against the small subset of JSON Schema plan's tools and answers use:
/// type, properties, required, additionalProperties: false, enum, const, items, minimum/maximum,
/// minLength/maxLength, pattern (a regular expression the whole string must match), anyOf.
public enum JSONSchemaValidator {
    /// Problems found, each naming the path ("$.latitude: must be a number"); empty when valid.
    public static func problems(_ value: JSONValue, against schema: JSONValue, path: String = "$") -> [String] {
        if let branches = schema["anyOf"]?.arrayValue {
            let results = branches.map { problems(value, against: $0, path: path) }
            if results.contains(where: \.isEmpty) { return [] }
            return ["\(path): matches none of the allowed shapes"] + (results.min { $0.count < $1.count } ?? [])
        }
        var found: [String] = []
        if let constant = schema["const"], constant != value {
            found.append("\(path): must be \(constant.compactText)")
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) {
            found.append("\(path): must be one of \(options.map(\.compactText).joined(separator: ", "))")
        }
        let types: [String] = schema["type"]?.stringValue.map { [$0] }
            ?? schema["type"]?.arrayValue?.compactMap(\.stringValue) ?? []
        if !types.isEmpty, !types.contains(where: { matches(value, type: $0) }) {
            return found + ["\(path): must be \(types.joined(separator: " or "))"]
        }
        switch value {
        case let .object(object): found += objectProblems(object, against: schema, path: path)
        case let .array(items): found += arrayProblems(items, against: schema, path: path)
        case let .number(number):
            if let minimum = schema["minimum"]?.doubleValue, number < minimum {
                found.append("\(path): must be ≥ \(minimum)")
            }
            if let maximum = schema["maximum"]?.doubleValue, number > maximum {
                found.append("\(path): must be ≤ \(maximum)")
            }
        case let .string(text): found += stringProblems(text, against: schema, path: path)
        default:
            break
        }
        return found
    }

    private static func objectProblems(_ object: [String: JSONValue], against schema: JSONValue, path: String) -> [String] {
        var found: [String] = []
        let properties = schema["properties"]?.objectValue ?? [:]
        for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
            found.append("\(path): missing \"\(key)\"")
        }
        for (key, child) in object.sorted(by: { $0.key < $1.key }) {
            if let childSchema = properties[key] {
                found += problems(child, against: childSchema, path: "\(path).\(key)")
            } else if schema["additionalProperties"] == .bool(false) {
                found.append("\(path): unexpected \"\(key)\"")
            }
        }
        return found
    }

    private static func arrayProblems(_ items: [JSONValue], against schema: JSONValue, path: String) -> [String] {
        var found: [String] = []
        if let itemSchema = schema["items"] {
            for (index, item) in items.enumerated() {
                found += problems(item, against: itemSchema, path: "\(path)[\(index)]")
            }
        }
        if let minimum = schema["minItems"]?.intValue, items.count < minimum {
            found.append("\(path): needs at least \(minimum) items")
        }
        if let maximum = schema["maxItems"]?.intValue, items.count > maximum {
            found.append("\(path): allows at most \(maximum) items")
        }
        return found
    }

    private static func stringProblems(_ text: String, against schema: JSONValue, path: String) -> [String] {
        var found: [String] = []
        if let minimum = schema["minLength"]?.intValue, text.count < minimum {
            found.append("\(path): must have at least \(minimum) characters")
        }
        if let maximum = schema["maxLength"]?.intValue, text.count > maximum {
            found.append("\(path): must have at most \(maximum) characters")
        }
        if let pattern = schema["pattern"]?.stringValue, !matches(text, pattern: pattern) {
            found.append("\(path): must match \(pattern)")
        }
        return found
    }

    /// Whether `pattern` matches `text` (an unreadable pattern matches nothing).
    static func matches(_ text: String, pattern: String) -> Bool {
        guard let expression = try? Regex(pattern) else { return false }
        return (try? expression.wholeMatch(in: text)) != nil
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("null", .null),
             ("number", .number):
            return true
        case let ("integer", .number(number)):
            return number.rounded() == number
        default:
            return false
        }
    }
}
