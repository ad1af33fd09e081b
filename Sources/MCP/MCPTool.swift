import JSON

/// One tool the server offers: what `tools/list` says of it and the code `tools/call` runs.
public struct MCPTool: Sendable {
    /// The name a client calls it by.
    public let name: String
    /// A short human title.
    public let title: String
    /// What it does, written for an assistant deciding whether to call it.
    public let description: String
    /// A JSON Schema object for `arguments`.
    public let inputSchema: JSONValue
    /// A JSON Schema object for `structuredContent`, when the result is structured.
    public let outputSchema: JSONValue?
    /// Whether the tool only reads (a hint for the client).
    public let readOnly: Bool
    /// Runs the tool. Thrown errors become results with `isError: true` and the error's one-line message.
    public let call: @Sendable (_ arguments: [String: JSONValue]) async throws -> MCPToolResult

    /// A tool.
    public init(
        name: String, title: String, description: String, inputSchema: JSONValue, outputSchema: JSONValue? = nil,
        readOnly: Bool, call: @escaping @Sendable (_ arguments: [String: JSONValue]) async throws -> MCPToolResult
    ) {
        self.name = name
        self.title = title
        self.description = description
        self.inputSchema = inputSchema
        self.outputSchema = outputSchema
        self.readOnly = readOnly
        self.call = call
    }

    /// The tool as `tools/list` gives it; without `outputSchema` for a revision before structured output.
    public func listing(structured: Bool) -> JSONValue {
        var object: [String: JSONValue] = [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": inputSchema,
            "annotations": ["title": .string(title), "readOnlyHint": .bool(readOnly), "openWorldHint": .bool(false)],
        ]
        if structured, let outputSchema { object["outputSchema"] = outputSchema }
        return .object(object)
    }
}
