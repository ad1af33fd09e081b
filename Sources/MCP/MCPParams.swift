import JSON

/// The params of the methods that take any, read into types: a request whose params do not fit is refused
/// with -32602 and a line saying what it needs, before any handler runs.
enum MCPParams {
    /// `initialize`: the revision the client asks for, and who it is.
    struct Initialize: Sendable {
        let protocolVersion: String
        let clientName: String
        let clientVersion: String

        init(_ params: JSONValue) throws(RPCError) {
            guard let requested = params["protocolVersion"]?.stringValue else {
                throw .invalidParams("initialize needs params.protocolVersion.")
            }
            protocolVersion = requested
            clientName = params["clientInfo"]?["name"]?.stringValue ?? "unknown"
            clientVersion = params["clientInfo"]?["version"]?.stringValue ?? ""
        }
    }

    /// `logging/setLevel` (handshake era).
    struct SetLevel: Sendable {
        let level: MCPLogLevel

        init(_ params: JSONValue) throws(RPCError) {
            guard let level = params["level"]?.stringValue.flatMap(MCPLogLevel.init(rawValue:)) else {
                throw .invalidParams("level must be one of \(MCPLogLevel.names).")
            }
            self.level = level
        }
    }

    /// `resources/read`, `resources/subscribe` and `resources/unsubscribe`: one resource's URI.
    struct Resource: Sendable {
        /// The longest URI a subscription keeps.
        static let maximumSubscribedBytes = 200

        let uri: String

        init(_ params: JSONValue, method: String) throws(RPCError) {
            guard let uri = params["uri"]?.stringValue else { throw .invalidParams("\(method) needs params.uri.") }
            self.uri = uri
        }
    }

    /// `tools/call`: the tool's name and its arguments (checked against the tool's schema by the tool).
    struct ToolCall: Sendable {
        let name: String
        let arguments: JSONValue

        init(_ params: JSONValue) throws(RPCError) {
            guard let name = params["name"]?.stringValue else { throw .invalidParams("tools/call needs params.name.") }
            self.name = name
            arguments = params["arguments"] ?? [:]
        }
    }
}
