import FoundationEssentials
import Basics
import CCurlLoader
import HTTPCore
import LanguageModels
import Model
import Store

/// The transport: libcurl's easy API (loaded on the first request, `Sources/CCurlLoader`), one thread per
/// request blocked in `curl_easy_perform`, so waiting for a slow server or a streamed answer costs nothing.
///
/// Every exchange has a whole-request deadline and a body limit; redirects are followed only within the
/// same scheme, host and port; http and https only; TLS verified; proxies from the usual environment
/// variables (`https_proxy`, `http_proxy`, `no_proxy`: curl reads them itself). See `CurlTransfer`.
public final class CurlTransport: HTTPTransport {
    /// Seconds of silence after which a connection counts as dead.
    public let idleTimeout: TimeInterval

    public init(timeout: TimeInterval) {
        idleTimeout = timeout.isFinite ? min(max(timeout, 0.001), 86_400) : 86_400
    }

    public func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
        let (response, body) = try await exchange(request, limits: limits, onChunk: nil)
        return (body, response)
    }

    /// Sends a request whose 2xx body is handed over chunk by chunk as it arrives (server-sent events),
    /// on the transfer's thread. `onChunk` may throw to stop the transfer. Returns the response and, for an
    /// error status, its body (up to `TransportLimits.errorBodyBytes`). `limits.maximumBytes` bounds the stream.
    public func stream(
        _ request: HTTPRequest, limits: TransportLimits, onChunk: @escaping @Sendable (Data) throws -> Void
    ) async throws -> (HTTPResponse, Data) {
        try await exchange(request, limits: limits, onChunk: onChunk)
    }

    private func exchange(
        _ request: HTTPRequest, limits: TransportLimits, onChunk: (@Sendable (Data) throws -> Void)?
    ) async throws -> (HTTPResponse, Data) {
        try Task.checkCancellation()
        let cancelled = Locked(false)
        let idle = min(idleTimeout, limits.deadline)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // A thread of its own: the blocking perform must not hold one of Swift's few pool threads.
                let started = DetachedThread.start {
                    let transfer = CurlTransfer(limits: limits, idle: idle, onChunk: onChunk, cancelled: cancelled)
                    continuation.resume(with: Result { try transfer.run(request) })
                }
                if !started { continuation.resume(throwing: TransportError.unavailable("the system would not start a thread for the request", suggestion: "Try again; if it persists, the machine is short of threads or memory.")) }
            }
        } onCancel: {
            cancelled.withLock { $0 = true }
        }
    }

    /// Whether libcurl has been loaded into this process (for tests: a cached command must not load it).
    public static var isLibraryLoaded: Bool { plan_curl_is_loaded() == 1 }

    /// "http://host:port" of a URL, without any user name or password.
    public static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "?"
        let host = url.host ?? "?"
        return url.port.map { "\(scheme)://\(host):\($0)" } ?? "\(scheme)://\(host)"
    }

    /// Whether two URLs share scheme, host and port (default ports filled in): the one rule for where
    /// redirects may go and where credentials and the contact may be sent.
    public static func isSameOrigin(_ a: URL, _ b: URL) -> Bool {
        func port(_ url: URL) -> Int? {
            url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
        }
        return a.scheme?.lowercased() == b.scheme?.lowercased() && a.host?.lowercased() == b.host?.lowercased()
            && port(a) == port(b)
    }
}

extension TransportError {
    /// libcurl.so.4 could not be loaded (dlopen's `reason`): no request can be made.
    public static func curlUnavailable(_ reason: String) -> TransportError {
        .unavailable(
            "libcurl cannot be loaded (\(reason)); install libcurl4: apt-get install libcurl4",
            suggestion: "Install libcurl (Debian: apt-get install libcurl4), or use --offline."
        )
    }
}
