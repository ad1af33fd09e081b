import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one HTTP request within limits. The real one is URLSession; tests may put their own behind it.
public protocol HTTPTransport: Sendable {
    func send(_ request: URLRequest, limits: TransferLimits) async throws -> (Data, HTTPURLResponse)
}

/// The transport through URLSession, with URLSession's own cache turned off (Store's cache decides).
/// Every exchange has a whole-request deadline and a body limit, and redirects are followed only within
/// the same scheme, host and port (see `TransferDelegate`). On Linux `URLSession.bytes` is missing, so the
/// body is read through a data delegate that counts bytes as they come.
public final class URLSessionTransport: HTTPTransport {
    /// Seconds of silence after which a connection counts as dead.
    public let idleTimeout: TimeInterval

    public init(timeout: TimeInterval) {
        idleTimeout = timeout.isFinite ? min(max(timeout, 0.001), 86_400) : 86_400
    }

    public func send(_ request: URLRequest, limits: TransferLimits) async throws -> (Data, HTTPURLResponse) {
        let delegate = TransferDelegate(limits: limits, onChunk: nil)
        let (response, body) = try await delegate.run(request, idleTimeout: idleTimeout)
        return (body, response)
    }

    /// Sends a request whose 2xx body is handed over chunk by chunk as it arrives (server-sent events).
    /// `onChunk` may throw to stop the transfer. Returns the response and, for an error status, its body
    /// (up to `TransferLimits.errorBodyBytes`). `limits.maximumBytes` bounds the whole stream.
    public func stream(
        _ request: URLRequest, limits: TransferLimits, onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (HTTPURLResponse, Data) {
        let delegate = TransferDelegate(limits: limits, onChunk: onChunk)
        return try await delegate.run(request, idleTimeout: idleTimeout)
    }

    /// "http://host:port" of a URL, without any user name or password.
    public static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "?"
        let host = url.host ?? "?"
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// Whether two URLs share scheme, host and port (default ports filled in).
    public static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? {
            url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
        }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }
}
