import FoundationEssentials
import Basics
import CMicroHTTPD
import Model

/// The page's HTTP server: libmicrohttpd on a socket bound to `address`, a thread per connection, with
/// `WebLimits`; every request is answered by `respond`. Serves until `stop()`.
public final class WebServer: Sendable {
    /// The port it listens on (the free one picked for port 0).
    public let port: Int
    /// The address it is bound to.
    public let address: String
    private let daemon: Locked<OpaquePointer?>
    private let bridge: Unmanaged<RequestBridge>

    /// Starts the server. Throws when the library cannot be loaded or the address and port cannot be bound.
    public init(
        address: String, port: Int, limits: WebLimits = .phones,
        respond: @escaping @Sendable (WebRequest) async -> WebResponse
    ) throws(WebError) {
        guard plan_mhd_load() == 0 else { throw .serverUnavailable(String(cString: plan_mhd_load_error())) }
        let socket = try ListeningSocket(address: address, port: port)
        let bridge = Unmanaged.passRetained(RequestBridge(limits: limits, respond: respond))
        let settings = plan_mhd_limits(
            connections: UInt32(clamping: limits.connections), connections_per_address: UInt32(clamping: limits.connectionsPerAddress),
            idle_seconds: UInt32(clamping: limits.idleSeconds), memory_per_connection: max(4_096, limits.headerBytes)
        )
        guard let daemon = plan_mhd_start(socket.descriptor, settings, answerRequest, bridge.toOpaque()) else {
            close(socket.descriptor)
            bridge.release()
            throw .cannotStart
        }
        self.port = socket.port
        self.address = address
        self.daemon = Locked(daemon)
        self.bridge = bridge
    }

    /// Stops serving: open connections are closed and their threads joined. Later calls do nothing.
    public func stop() {
        let running = daemon.withLock { daemon -> OpaquePointer? in
            defer { daemon = nil }
            return daemon
        }
        guard let running else { return }
        plan_mhd_stop(running)
        bridge.release()
    }

    deinit {
        stop()
    }
}
