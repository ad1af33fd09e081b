import FoundationEssentials

/// Why an HTTP exchange gave no usable answer: cut short by the transport's own bounds (deadline, size, a
/// redirect elsewhere) or failed on the network. The one wording of network failures: Tools' `HTTPClient`
/// puts `errorDescription` in "NWS is unavailable (…)", the model backend `describe(at:)` with the server it
/// was talking to.
public enum TransportError: Error, LocalizedError, Sendable, Equatable {
    /// The whole exchange took longer than its deadline (a server trickling bytes, an endless stream).
    case deadlineExceeded(seconds: TimeInterval)
    /// Nothing arrived for this long (a server that accepted the connection and went quiet).
    case timedOut(seconds: TimeInterval)
    /// The body grew past its limit.
    case tooLarge(limit: Int)
    /// The server redirected to another scheme, host or port, which is not followed (credentials and
    /// contact details stay with the host they were meant for).
    case redirectRefused(to: String)
    /// More redirects within the origin than the transport follows.
    case tooManyRedirects
    /// Nothing listens there (or the network refused the connection).
    case connectionRefused
    /// The host name (or the proxy's) does not resolve.
    case hostNotFound
    /// The connection broke in the middle of the exchange.
    case connectionLost
    /// The server closed the connection without sending anything.
    case noAnswer
    /// What came back is not HTTP that can be read (a garbled status line, a broken compression).
    case badAnswer
    /// The TLS handshake or the certificate check failed (the transport's words).
    case tls(String)
    /// The URL is not http or https, or cannot be parsed.
    case unsupportedURL
    /// The transport cannot work at all (a library that will not load): its reason and what to do.
    case unavailable(String, suggestion: String)
    /// Any other failure of the transport: its code and its words.
    case failed(code: Int, message: String)

    public var errorDescription: String? {
        switch self {
        case let .deadlineExceeded(seconds):
            return "no complete answer within \(TransportLimits.describe(seconds: seconds))"
        case .timedOut: return "timed out"
        case let .tooLarge(limit): return "the answer is larger than \(TransportLimits.describe(bytes: limit))"
        case let .redirectRefused(target): return "it redirected to another host (\(target)), which is not followed"
        case .tooManyRedirects: return "too many redirects"
        case .connectionRefused: return "connection refused"
        case .hostNotFound: return "host not found"
        case .connectionLost: return "connection lost"
        case .noAnswer, .badAnswer: return "bad answer"
        case let .tls(detail): return "TLS failed: \(ServerText.oneLine(detail))"
        case .unsupportedURL: return "not an http or https URL"
        case let .unavailable(reason, _): return ServerText.oneLine(reason)
        case let .failed(code, message): return "network error \(code): \(ServerText.oneLine(message))"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .deadlineExceeded, .timedOut: return "The server is too slow; try again later or raise the timeout."
        case .tooLarge: return "The server sent far more than expected; check the URL."
        case .redirectRefused, .tooManyRedirects: return "Point the URL at the server that answers, not at one that redirects."
        case .tls: return "Check the server's certificate and the system's CA certificates (Debian: ca-certificates)."
        case let .unavailable(_, suggestion): return suggestion
        case .connectionRefused, .hostNotFound, .connectionLost, .noAnswer, .badAnswer, .unsupportedURL, .failed:
            return "Check the URL and your network connection."
        }
    }

    /// The failure told with the server it concerns: "connection refused at http://127.0.0.1:8080".
    /// `place` is a URL already shown safely (credentials masked).
    public func describe(at place: String) -> String {
        switch self {
        case .connectionRefused: return "connection refused at \(place)"
        case .connectionLost: return "the connection to \(place) was lost"
        case .noAnswer, .badAnswer: return "the connection to \(place) ended without an answer"
        case .hostNotFound: return "cannot find \(place)"
        case .tooManyRedirects: return "\(place) redirected too many times"
        case .timedOut: return "\(place) went silent (timed out)"
        case .deadlineExceeded, .tooLarge, .redirectRefused, .tls, .unsupportedURL, .unavailable, .failed:
            return "\(errorDescription ?? "network error") talking to \(place)"
        }
    }
}
