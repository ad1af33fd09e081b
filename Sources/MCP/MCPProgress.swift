import JSON

/// Progress of one request whose client gave a `progressToken`: what the work says it is doing is sent as
/// `notifications/progress`, in order, before the request's answer. The server sets `current` around a tool's
/// work; code far below (a forecast fetch, the model writing) reports through it without knowing of MCP.
public final class MCPProgress: Sendable {
    /// The progress sink of the request this task works for; nil when the client asked for no progress.
    @TaskLocal public static var current: MCPProgress?

    /// The most notifications one request sends (a model's reasoning can report many lines).
    static let maximumNotes = 200

    private let token: JSONValue
    private let stream: AsyncStream<JSONValue>
    private let continuation: AsyncStream<JSONValue>.Continuation
    private let state = LockedCounter()

    /// A sink for the request with `token`.
    init(token: JSONValue) {
        self.token = token
        (stream, continuation) = AsyncStream<JSONValue>.makeStream()
    }

    /// Says what the work is doing now ("Fetching the forecast for stop 2 of 3…"): sent unless it repeats the
    /// line before or the request has used its budget.
    public func report(_ message: String) {
        let line = MCPText.safe(message, limit: 200)
        guard let count = state.next(line, limit: Self.maximumNotes) else { return }
        continuation.yield([
            "jsonrpc": "2.0", "method": "notifications/progress",
            "params": ["progressToken": token, "progress": .number(Double(count)), "message": .string(line)],
        ])
    }

    /// Sends every reported line through `send`, in order, until `finish()`.
    func forward(_ send: @Sendable (JSONValue) async -> Void) async {
        for await message in stream { await send(message) }
    }

    /// No more lines: `forward` returns once it has sent the last.
    func finish() {
        continuation.finish()
    }

    /// The token a request's `_meta.progressToken` gives (a string or an integer), if any.
    static func token(in params: JSONValue) -> JSONValue? {
        guard let token = params["_meta"]?["progressToken"] else { return nil }
        switch token {
        case let .string(text) where text.utf8.count <= 200: return token
        case .number where token.intValue != nil: return token
        default: return nil
        }
    }
}
