import Foundation
import LanguageModels

/// Why an HTTP exchange gave no usable answer: cut short by plan itself (deadline, size, a redirect
/// elsewhere) or failed in libcurl (each curl error code plan meets maps onto one case, `CurlTransport`).
///
/// The phrases (here for curl's own failures, in LanguageModels' `ModelTransportError` for those the model
/// backend meets too, `shared`) are the one wording of network failures: `HTTPClient` puts `errorDescription` in
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

    /// The failure as LanguageModels' `ModelTransportError`, which holds the one wording of the failures both
    /// know (a deadline, silence, size, redirects, refused, not found, lost, no answer); nil for curl's own.
    public var shared: ModelTransportError? {
        switch self {
        case let .deadlineExceeded(seconds): return .deadlineExceeded(seconds: seconds)
        case let .timedOut(seconds): return .timedOut(seconds: seconds)
        case let .tooLarge(limit): return .tooLarge(limit: limit)
        case let .redirectRefused(target): return .redirectRefused(to: target)
        case .tooManyRedirects: return .tooManyRedirects
        case .connectionRefused: return .connectionRefused
        case .hostNotFound: return .hostNotFound
        case .connectionLost: return .connectionLost
        case .noAnswer, .badAnswer: return .noAnswer
        case .tls, .unsupportedURL, .curlUnavailable, .failed: return nil
        }
    }

    /// The failure as the model backend's transport reports it: the shared case, or curl's own words and advice.
    public var modelTransportError: ModelTransportError {
        shared ?? .other(errorDescription ?? "network error", suggestion: recoverySuggestion)
    }

    public var errorDescription: String? {
        switch self {
        case let .tls(detail): return "TLS failed: \(TerminalText.oneLine(detail))"
        case .unsupportedURL: return "not an http or https URL"
        case let .curlUnavailable(reason):
            return "libcurl cannot be loaded (\(TerminalText.oneLine(reason))); install libcurl4: apt-get install libcurl4"
        case let .failed(code, message): return "network error \(code): \(TerminalText.oneLine(message))"
        case .deadlineExceeded, .timedOut, .tooLarge, .redirectRefused, .tooManyRedirects, .connectionRefused, .hostNotFound,
             .connectionLost, .noAnswer, .badAnswer:
            return shared?.errorDescription
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .curlUnavailable: return "Install libcurl (Debian: apt-get install libcurl4), or use --offline."
        case .tls: return "Check the server's certificate and the system's CA certificates (Debian: ca-certificates)."
        case .unsupportedURL, .failed: return "Check the URL and your network connection."
        case .deadlineExceeded, .timedOut, .tooLarge, .redirectRefused, .tooManyRedirects, .connectionRefused, .hostNotFound,
             .connectionLost, .noAnswer, .badAnswer:
            return shared?.recoverySuggestion
        }
    }

    /// The failure told with the server it concerns: "connection refused at http://127.0.0.1:8080".
    /// `place` is a URL already shown safely (credentials masked).
    public func describe(at place: String) -> String {
        shared?.describe(at: place) ?? "\(errorDescription ?? "network error") talking to \(place)"
    }
}
