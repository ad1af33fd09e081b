import FoundationEssentials
import JSON

/// OpenAI's strict structured-output rules, checked on a JSON Schema: the root is an object, every object
/// has `additionalProperties: false` and lists every property in `required` (an optional one is typed
/// `[T, "null"]`). A schema that breaks one is sent without `strict`.
public enum StrictSchema {
    /// What breaks strict mode (empty: the schema may go with `strict: true`).
    public static func problems(_ schema: JSONValue) -> [String] {
        var problems: [String] = []
        if !isObjectSchema(schema) { problems.append("the root is not an object") }
        check(schema, path: "$", into: &problems)
        return problems
    }

    static func isObjectSchema(_ schema: JSONValue) -> Bool {
        if schema["type"]?.stringValue == "object" { return true }
        return schema["type"]?.arrayValue?.contains { $0.stringValue == "object" } ?? false
    }

    static func check(_ schema: JSONValue, path: String, into problems: inout [String]) {
        guard problems.count < 20, case let .object(members) = schema else { return }
        if isObjectSchema(schema) || members["properties"] != nil {
            let properties = members["properties"]?.objectValue ?? [:]
            if members["additionalProperties"] != .bool(false) {
                problems.append("\(path) allows other properties")
            }
            let required = Set((members["required"]?.arrayValue ?? []).compactMap(\.stringValue))
            for name in properties.keys.sorted() where !required.contains(name) {
                problems.append("\(path).\(name) is not required")
            }
            for (name, property) in properties.sorted(by: { $0.key < $1.key }) {
                check(property, path: "\(path).\(name)", into: &problems)
            }
        }
        if let items = members["items"] { check(items, path: path + "[]", into: &problems) }
        for key in ["anyOf", "oneOf", "allOf"] {
            for (index, branch) in (members[key]?.arrayValue ?? []).enumerated() {
                check(branch, path: "\(path).\(key)[\(index)]", into: &problems)
            }
        }
        for (name, definition) in (members["$defs"]?.objectValue ?? [:]) {
            check(definition, path: "\(path).$defs.\(name)", into: &problems)
        }
    }
}
