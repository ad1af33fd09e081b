import JSON

/// What a modern-era request carries in `params._meta`: the revision it speaks, who the client is and what it
/// can do. A request without a revision there has no envelope (a handshake-era request).
struct MCPEnvelope: Equatable {
    static let versionKey = "io.modelcontextprotocol/protocolVersion"
    static let clientInfoKey = "io.modelcontextprotocol/clientInfo"
    static let capabilitiesKey = "io.modelcontextprotocol/clientCapabilities"
    static let serverInfoKey = "io.modelcontextprotocol/serverInfo"
    static let subscriptionKey = "io.modelcontextprotocol/subscriptionId"

    /// The revision the request speaks.
    let version: String
    /// Who the client says it is.
    let client: MCPClientInfo

    /// The envelope of a request's params; nil when `_meta` names no revision.
    init?(_ params: JSONValue) {
        guard let meta = params["_meta"], let version = meta[Self.versionKey]?.stringValue else { return nil }
        self.version = MCPText.safe(version, limit: 40)
        let info = meta[Self.clientInfoKey]
        client = MCPClientInfo(
            name: info?["name"]?.stringValue ?? "unknown", version: info?["version"]?.stringValue ?? "", protocolVersion: self.version
        )
    }
}
