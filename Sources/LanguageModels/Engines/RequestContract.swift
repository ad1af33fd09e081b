import FoundationEssentials
import Basics
import JSON

/// A request shaped to what an engine takes, and what a refusal teaches: fields only where they are known
/// to be taken, the answer's limit under the name the engine wants, no temperature a reasoning model
/// refuses, `strict` only for a schema strict mode accepts.
public enum RequestContract {
    /// OpenAI's own chat-completion fields (what every engine takes).
    public static let standardFields: Set<String> = [
        "model", "messages", "max_tokens", "max_completion_tokens", "temperature", "top_p", "n", "stream",
        "stream_options", "stop", "presence_penalty", "frequency_penalty", "logit_bias", "user", "tools",
        "tool_choice", "response_format", "parallel_tool_calls", "logprobs", "top_logprobs", "reasoning_effort",
    ]

    /// The body as this engine takes it.
    public static func shape(
        _ body: [String: JSONValue], for profile: EngineProfile, reasoning: ReasoningEffort?
    ) -> [String: JSONValue] {
        var shaped: [String: JSONValue] = [:]
        let accepted = standardFields.union(profile.kind.extraFields)
        for (field, value) in body where accepted.contains(field) {
            shaped[field] = value
        }
        // The answer's limit: OpenAI-style APIs want max_completion_tokens (reasoning models refuse max_tokens).
        if profile.kind.takesMaxCompletionTokens, let limit = shaped.removeValue(forKey: "max_tokens") {
            shaped["max_completion_tokens"] = limit
        }
        if profile.fixedSampling {
            for field in ["temperature", "top_p", "frequency_penalty", "presence_penalty"] { shaped[field] = nil }
        }
        if let reasoning, profile.kind.takesReasoningEffort {
            shaped["reasoning_effort"] = .string(reasoning.rawValue)
        } else {
            shaped["reasoning_effort"] = nil
        }
        // Usage in a stream is asked for only where it is known to be understood.
        if shaped["stream"] == nil { shaped["stream_options"] = nil }
        if case let .object(format)? = shaped["response_format"], case let .object(inner)? = format["json_schema"],
           let schema = inner["schema"] {
            var nested = inner
            nested["strict"] = .bool(StrictSchema.problems(schema).isEmpty)
            var outer = format
            outer["json_schema"] = .object(nested)
            shaped["response_format"] = .object(outer)
        }
        // llama-cpp-python takes a schema only inside `json_object` (and refuses `json_schema` with a 500).
        if profile.schemaInJSONObject || profile.kind.takesSchemaInJSONObject {
            shaped["response_format"] = shaped["response_format"].map(schemaInJSONObject)
        }
        // What the server taught: renamed, then dropped.
        for (field, value) in shaped {
            guard let name = profile.sentName(of: field) else {
                shaped[field] = nil
                continue
            }
            if name != field {
                shaped[field] = nil
                if shaped[name] == nil { shaped[name] = value }
            }
        }
        return shaped
    }

    /// `{"type": "json_schema", "json_schema": {"schema": S}}` as `{"type": "json_object", "schema": S}`;
    /// any other format as it is.
    static func schemaInJSONObject(_ format: JSONValue) -> JSONValue {
        guard format["type"]?.stringValue == "json_schema", let schema = format["json_schema"]?["schema"] else { return format }
        return ["type": "json_object", "schema": schema]
    }

    /// What a refusal teaches about a field, when it names one plan can drop, rename or downgrade.
    public enum Lesson: Sendable, Equatable {
        /// Send structured output as `json_object` with a `schema` (the server refused `json_schema`).
        case schemaInJSONObject
        /// Send it under another name.
        case rename(String, to: String)
        /// Do not send it.
        case drop(String)
        /// Send no sampling fields at all (the model takes only its defaults).
        case defaultSampling
    }

    /// Reads a refusal's error for the field it names: OpenAI's `param` and `code` (`unsupported_parameter`,
    /// `unsupported_value`), a validation error's `'loc': ('body', field, …)`, and the messages
    /// "Unrecognized request argument supplied: top_k", "Unsupported parameter: 'max_tokens' … Use
    /// 'max_completion_tokens' instead."
    public static func lesson(message: String, param: String?, code: String?, sent body: [String: JSONValue]) -> Lesson? {
        let lower = message.lowercased()
        var field = param.flatMap { isFieldName($0) ? $0 : nil }
        if field == nil, let range = lower.firstRange(of: "unrecognized request argument supplied:") {
            field = firstName(in: String(message[range.upperBound...]))
        }
        if field == nil { field = locatedField(in: message) }
        if field == nil, lower.contains("unsupported parameter") || lower.contains("unsupported value")
            || lower.contains("not supported") || lower.contains("unknown field") || lower.contains("extra inputs") {
            field = quoted(in: message).first
        }
        guard let field, body[field] != nil else { return nil }
        // A refused `json_schema` format that the server says should be `json_object` goes once as
        // `json_object` with the schema (llama-cpp-python's "Input should be 'text' or 'json_object'").
        if field == "response_format" {
            let downgradable = body[field]?["type"]?.stringValue == "json_schema" && lower.contains("json_object")
            return downgradable ? .schemaInJSONObject : nil
        }
        if ["temperature", "top_p"].contains(field), code == "unsupported_value" || lower.contains("unsupported value")
            || lower.contains("only the default") {
            return .defaultSampling
        }
        // The essentials cannot go or change name (`LessonRules`); a refusal of those is one plan cannot fix.
        if let range = lower.firstRange(of: "use "), let replacement = quoted(in: String(message[range.upperBound...])).first,
           replacement != field, isFieldName(replacement) {
            let lesson = Lesson.rename(field, to: replacement)
            return LessonRules.isBelievable(lesson) ? lesson : nil
        }
        return LessonRules.isBelievable(.drop(field)) ? .drop(field) : nil
    }

    /// The profile after a lesson.
    public static func apply(_ lesson: Lesson, to profile: EngineProfile) -> EngineProfile {
        var profile = profile
        switch lesson {
        case let .rename(field, to: replacement):
            profile.renamedFields[field] = replacement
            profile.droppedFields.removeAll { $0 == replacement }
        case let .drop(field):
            if !profile.droppedFields.contains(field) { profile.droppedFields.append(field) }
        case .defaultSampling:
            profile.fixedSampling = true
        case .schemaInJSONObject:
            profile.schemaInJSONObject = true
        }
        return profile
    }

    /// A request field's name: lower-case letters, digits and underscores, short.
    public static func isFieldName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 40 && text.unicodeScalars.allSatisfy { scalar in
            (scalar >= "a" && scalar <= "z") || (scalar >= "0" && scalar <= "9") || scalar == "_"
        }
    }

    /// The request field a validation error locates: FastAPI's and pydantic's `'loc': ('body', 'response_format',
    /// 'type')` (or `"loc": ["body", "max_tokens"]`), the name after `body`.
    static func locatedField(in message: String) -> String? {
        guard let start = message.firstRange(of: "'loc':") ?? message.firstRange(of: "\"loc\":") else { return nil }
        let rest = message[start.upperBound...].prefix(300)
        let tuple = rest.prefix { $0 != ")" && $0 != "]" }
        let names = quoted(in: String(tuple))
        guard let body = names.firstIndex(of: "body"), body + 1 < names.count else { return nil }
        return names[body + 1]
    }

    static func firstName(in text: String) -> String? {
        let trimmed = text.trimming(ScalarSet(" '\"`"))
        let name = String(trimmed.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        return isFieldName(name) ? name : nil
    }

    /// Names in quotes ('x', "x", `x`), in order.
    static func quoted(in text: String) -> [String] {
        var names: [String] = []
        var current: String?
        var quote: Character?
        for character in text.prefix(600) {
            if let open = quote {
                if character == open {
                    if let name = current, isFieldName(name) { names.append(name) }
                    current = nil
                    quote = nil
                } else {
                    current?.append(character)
                }
            } else if character == "'" || character == "\"" || character == "`" {
                quote = character
                current = ""
            }
        }
        return names
    }
}
