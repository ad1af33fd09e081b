/// Who the client said it is at `initialize`, made safe to store and show.
public struct MCPClientInfo: Sendable, Equatable {
    /// `clientInfo.name` ("claude-ai", "mcp").
    public let name: String
    /// `clientInfo.version`.
    public let version: String
    /// The protocol revision agreed.
    public let protocolVersion: String

    /// Who the client is.
    public init(name: String, version: String, protocolVersion: String) {
        self.name = MCPText.safe(name, limit: 100)
        self.version = MCPText.safe(version, limit: 50)
        self.protocolVersion = protocolVersion
    }
}
