import FoundationEssentials

/// What one client may take of the server: connections, time, and memory for a request's headers. A request
/// over them is answered with an error or dropped, and the others are still answered.
public struct WebLimits: Sendable, Equatable {
    /// Connections at once, in all.
    public var connections: Int
    /// Connections at once from one address.
    public var connectionsPerAddress: Int
    /// Seconds a connection may stay idle (a slow client sending its headers byte by byte included).
    public var idleSeconds: Int
    /// Bytes for a request's line and headers (a larger one is refused with 431).
    public var headerBytes: Int
    /// Seconds an answer may take before the client gets 503.
    public var answerSeconds: Double

    public init(connections: Int, connectionsPerAddress: Int, idleSeconds: Int, headerBytes: Int, answerSeconds: Double) {
        self.connections = connections
        self.connectionsPerAddress = connectionsPerAddress
        self.idleSeconds = idleSeconds
        self.headerBytes = headerBytes
        self.answerSeconds = answerSeconds
    }

    /// A family's phones and a laptop's browser, with room: each phone's page keeps one or two connections.
    public static let phones = WebLimits(
        connections: 128, connectionsPerAddress: 48, idleSeconds: 15, headerBytes: 32 * 1024, answerSeconds: 10
    )
}
