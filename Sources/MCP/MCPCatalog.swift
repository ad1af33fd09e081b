import JSON

/// What a server offers: its tools, its resources, and how a failure reads. `PlanCatalog` is plan's; the
/// tests give the server small ones of their own.
public protocol MCPCatalog: Sendable {
    /// Every tool, in the order `tools/list` gives them.
    var tools: [MCPTool] { get }
    /// What the server tells the client about using it (`initialize`'s `instructions`).
    var instructions: String { get }
    /// The URI templates of its resources (`resources/templates/list`).
    var resourceTemplates: [JSONValue] { get }
    /// Every resource now.
    func resources() async throws -> [MCPResource]
    /// A resource's text and MIME type; nil: no such resource.
    func read(uri: String) async throws -> (text: String, mimeType: String)?
    /// Each resource's version now: URI → a stamp that changes when the resource does. The server compares
    /// successive answers to tell a listening client what appeared, went or changed, whichever process changed
    /// it. Empty: the catalog does not say (only its own tools' changes are announced).
    func resourceVersions() async throws -> [String: String]
    /// A failure as one plain line, as plan prints it.
    func describe(_ error: any Error) -> String
    /// Called once the client has said who it is (`initialize`), before any tool call.
    func begin(client: MCPClientInfo) async
    /// Called after every tool call with what it was given and what it answered.
    func record(tool: String, arguments: JSONValue, result: MCPToolResult) async
    /// Called once at the end of the session.
    func end() async
    /// A tool's result as it leaves the server (plan's makes outside text safe to read).
    func outgoing(_ result: MCPToolResult) -> MCPToolResult
    /// A resource's text as it leaves the server.
    func outgoing(resource text: String) -> String
}

extension MCPCatalog {
    /// Says nothing of versions.
    public func resourceVersions() async throws -> [String: String] { [:] }
    /// Records nothing.
    public func begin(client: MCPClientInfo) async {}
    /// Records nothing.
    public func record(tool: String, arguments: JSONValue, result: MCPToolResult) async {}
    /// Records nothing.
    public func end() async {}
    /// The result as it is.
    public func outgoing(_ result: MCPToolResult) -> MCPToolResult { result }
    /// The text as it is.
    public func outgoing(resource text: String) -> String { text }
}
