import JSON

/// What a tool call gives back: text for the model to read, the same as structured JSON, and whether it failed.
public struct MCPToolResult: Sendable, Equatable {
    /// The text rendering.
    public var text: String
    /// The structured result (matching the tool's `outputSchema`).
    public var structured: JSONValue?
    /// A failure the model can read and act on (a bad argument, an unknown trip).
    public var isError: Bool
    /// The call added a trip, so the resource list changed.
    public var changedResources: Bool

    /// A result.
    public init(text: String, structured: JSONValue? = nil, isError: Bool = false, changedResources: Bool = false) {
        self.text = text
        self.structured = structured
        self.isError = isError
        self.changedResources = changedResources
    }

    /// The `result` of `tools/call`. With structured output the text is the JSON itself when no rendering
    /// was given, as the specification asks for compatibility.
    public func json(structuredOutput: Bool) -> JSONValue {
        var object: [String: JSONValue] = [
            "content": [["type": "text", "text": .string(text)]],
            "isError": .bool(isError),
        ]
        if structuredOutput, let structured { object["structuredContent"] = structured }
        return .object(object)
    }
}
