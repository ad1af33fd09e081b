import Foundation
import LanguageModels

/// A JSON-RPC error answered in place of a result: the request itself was wrong (not a tool's failure,
/// which is a result with `isError`).
public struct RPCError: LocalizedError, Sendable, Equatable {
    /// The JSON-RPC code.
    public let code: Int
    /// One plain line.
    public let message: String

    /// An error with a code and message.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
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
    /// `resources/read` of a URI plan does not have.
    public static func resourceNotFound(_ uri: String) -> RPCError {
        RPCError(code: -32002, message: "no resource '\(MCPText.safe(uri, limit: 200))'.")
    }

    /// The `error` member of a response.
    public var json: JSONValue { ["code": .number(Double(code)), "message": .string(message)] }

    /// The message.
    public var errorDescription: String? { message }
    /// The methods plan answers, for an unknown method.
    public var recoverySuggestion: String? {
        code == -32601 ? "The server answers initialize, ping, tools/list, tools/call, resources/list and resources/read." : nil
    }
}
