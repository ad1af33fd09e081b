import FoundationEssentials
import JSON

/// A JSON-RPC error answered in place of a result: the request itself was wrong (not a tool's failure,
/// which is a result with `isError`).
public struct RPCError: LocalizedError, Sendable, Equatable {
    /// The JSON-RPC code.
    public let code: Int
    /// One plain line.
    public let message: String
    /// What a client can act on (the revisions plan speaks, the URI it does not have).
    public let data: JSONValue?

    /// An error with a code and message.
    public init(code: Int, message: String, data: JSONValue? = nil) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// The line was not JSON.
    public static func parse(_ message: String) -> RPCError { RPCError(code: -32700, message: message) }
    /// The JSON was not a request.
    public static func invalidRequest(_ message: String) -> RPCError { RPCError(code: -32600, message: message) }
    /// No such method.
    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "unknown method '\(MCPText.safe(method, limit: 80))'.")
    }
    /// The params do not fit the method.
    public static func invalidParams(_ message: String) -> RPCError { RPCError(code: -32602, message: message) }
    /// plan failed inside.
    public static func internalError(_ message: String) -> RPCError { RPCError(code: -32603, message: message) }
    /// `resources/read` of a URI plan does not have: -32002 in the handshake era, -32602 (with the URI in
    /// `data`) in the modern one.
    public static func resourceNotFound(_ uri: String, modern: Bool = false) -> RPCError {
        let safe = MCPText.safe(uri, limit: 200)
        return RPCError(code: modern ? -32602 : -32002, message: "no resource '\(safe)'.", data: modern ? ["uri": .string(safe)] : nil)
    }
    /// A request at a revision plan does not speak (2026-07-28's -32022), naming those it does.
    public static func unsupportedVersion(_ requested: String) -> RPCError {
        RPCError(
            code: -32022, message: "this server does not speak protocol revision '\(MCPText.safe(requested, limit: 40))'.",
            data: ["supported": .array(MCPVersion.all.map(JSONValue.string)), "requested": .string(MCPText.safe(requested, limit: 40))]
        )
    }

    /// The `error` member of a response.
    public var json: JSONValue {
        var object: [String: JSONValue] = ["code": .number(Double(code)), "message": .string(message)]
        if let data { object["data"] = data }
        return .object(object)
    }

    /// The message.
    public var errorDescription: String? { message }
    /// The methods plan answers, for an unknown method.
    public var recoverySuggestion: String? {
        code == -32601 ? "The server answers server/discover (2026-07-28) or initialize, then tools/list, tools/call, resources/list, resources/read and subscriptions/listen." : nil
    }
}
