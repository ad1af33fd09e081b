import Foundation

/// Why an HTTP exchange gave no usable answer: cut short by plan itself (deadline, size, a redirect
/// elsewhere) or failed in libcurl (each curl error code plan meets maps onto one case, `CurlTransport`).
///
/// The phrases here are the one wording of network failures: `HTTPClient` puts `errorDescription` in
/// "NWS is unavailable (…)", the model backend `describe(at:)` with the server it was talking to.
public enum TransportError: Error, LocalizedError, Sendable, Equatable {
    /// The whole exchange took longer than its deadline (a server trickling bytes, an endless stream).
    case deadlineExceeded(seconds: TimeInterval)
    /// Nothing arrived for this long (a server that accepted the connection and went quiet).
    case timedOut(seconds: TimeInterval)
    /// The body grew past its limit.
    case tooLarge(limit: Int)
    /// The server redirected to another scheme, host or port; plan does not follow (credentials and
    /// contact details stay with the host they were meant for).
    case redirectRefused(to: String)
    /// More redirects within the origin than plan follows.
    case tooManyRedirects
    /// Nothing listens there (or the network refused the connection).
    case connectionRefused
    /// The host name (or the proxy's) does not resolve.
    case hostNotFound
    /// The connection broke in the middle of the exchange.
    case connectionLost
    /// The server closed the connection without sending anything.
    case noAnswer
    /// What came back is not HTTP plan can read (a garbled status line, a broken compression).
    case badAnswer
    /// The TLS handshake or the certificate check failed (libcurl's words).
    case tls(String)
    /// The URL is not http or https, or cannot be parsed.
    case unsupportedURL
    /// libcurl.so.4 could not be loaded (dlopen's reason): no request can be made.
    case curlUnavailable(String)
    /// Any other libcurl failure: its code and its words.
    case failed(code: Int, message: String)

    public var errorDescription: String? {
        switch self {
        case let .deadlineExceeded(seconds):
            return "no complete answer within \(TransferLimits.describe(seconds: seconds))"
        case .timedOut: return "timed out"
        case let .tooLarge(limit):
            return "the answer is larger than \(TransferLimits.describe(bytes: limit))"
        case let .redirectRefused(target):
            return "it redirected to another host (\(target)), which plan does not follow"
        case .tooManyRedirects: return "too many redirects"
        case .connectionRefused: return "connection refused"
        case .hostNotFound: return "host not found"
        case .connectionLost: return "connection lost"
        case .noAnswer: return "bad answer"
        case .badAnswer: return "bad answer"
        case let .tls(detail): return "TLS failed: \(TerminalText.oneLine(detail))"
        case .unsupportedURL: return "not an http or https URL"
        case let .curlUnavailable(reason):
            return "libcurl cannot be loaded (\(TerminalText.oneLine(reason))); install libcurl4: apt-get install libcurl4"
        case let .failed(code, message): return "network error \(code): \(TerminalText.oneLine(message))"
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .deadlineExceeded, .timedOut: return "The server is too slow; try again later or raise the timeout."
        case .tooLarge: return "The server sent far more than expected; check the URL."
        case .redirectRefused, .tooManyRedirects: return "Point the URL at the server that answers, not at one that redirects."
        case .curlUnavailable: return "Install libcurl (Debian: apt-get install libcurl4), or use --offline."
        case .tls: return "Check the server's certificate and the system's CA certificates (Debian: ca-certificates)."
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
        case .deadlineExceeded, .tooLarge, .redirectRefused, .tls, .unsupportedURL, .curlUnavailable, .failed:
            return "\(errorDescription ?? "network error") talking to \(place)"
        }
    }
}
