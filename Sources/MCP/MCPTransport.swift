import JSON

/// How messages reach the server and its answers leave: stdio for `plan mcp`, a pair of in-memory streams in
/// tests, and whatever carries the protocol next (HTTP). The server knows only this.
public protocol MCPTransport: Sendable {
    /// What the client sends, one message at a time, until it is gone.
    var incoming: AsyncStream<MCPIncoming> { get }
    /// Sends one message to the client; once the client is gone, drops it.
    func send(_ message: JSONValue) async
    /// The server is done with the last message from `incoming` (a transport may read no further until then,
    /// so a client that floods the server waits rather than filling memory).
    func handled()
}

/// One message as a transport received it.
public enum MCPIncoming: Sendable, Equatable {
    /// A message's text (JSON, if the client is well-behaved).
    case line(String)
    /// A message longer than the transport takes, dropped unread.
    case oversized(limit: Int)
}
