import Foundation

/// Why an exchange with a model server gave no usable answer, as a transport reports it: cut short by the
/// transport's own bounds (deadline, size, a redirect elsewhere) or failed on the network.
///
/// The backend turns each into a `LanguageModelError` naming the server (`describe(at:)`: "connection
/// refused at http://127.0.0.1:8080"); the phrases are those plan's HTTP transport uses for the same failures.
public enum ModelTransportError: Error, LocalizedError, Sendable, Equatable {
    /// The whole exchange took longer than its deadline (a server trickling bytes, an endless stream).
    case deadlineExceeded(seconds: TimeInterval)
    /// Nothing arrived for this long (a server that accepted the connection and went quiet).
    case timedOut(seconds: TimeInterval)
    /// The body grew past its limit.
    case tooLarge(limit: Int)
    /// The server redirected to another scheme, host or port, which the transport does not follow.
    case redirectRefused(to: String)
    /// More redirects within the origin than the transport follows.
    case tooManyRedirects
    /// Nothing listens there (or the network refused the connection).
    case connectionRefused
    /// The host name does not resolve.
    case hostNotFound
    /// The connection broke in the middle of the exchange.
    case connectionLost
    /// The server closed the connection without an answer, or with one that is not HTTP.
    case noAnswer
    /// Any other failure, in the transport's words (one line, already safe to show: "TLS failed: …") and
    /// with its advice, if it has its own.
    case other(String, suggestion: String? = nil)

    public var errorDescription: String? {
        switch self {
        case let .deadlineExceeded(seconds):
            return "no complete answer within \(ModelTransportLimits.describe(seconds: seconds))"
        case .timedOut: return "timed out"
        case let .tooLarge(limit): return "the answer is larger than \(ModelTransportLimits.describe(bytes: limit))"
        case let .redirectRefused(target): return "it redirected to another host (\(target)), which is not followed"
        case .tooManyRedirects: return "too many redirects"
        case .connectionRefused: return "connection refused"
        case .hostNotFound: return "host not found"
        case .connectionLost: return "connection lost"
        case .noAnswer: return "bad answer"
        case let .other(words, _): return words
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .deadlineExceeded, .timedOut: return "The server is too slow; try again later or raise the timeout."
        case .tooLarge: return "The server sent far more than expected; check the URL."
        case .redirectRefused, .tooManyRedirects: return "Point the URL at the server that answers, not at one that redirects."
        case let .other(_, suggestion?): return suggestion
        case .connectionRefused, .hostNotFound, .connectionLost, .noAnswer, .other:
            return "Check the URL and your network connection."
        }
    }

    /// The failure told with the server it concerns: "connection refused at http://127.0.0.1:8080".
    /// `place` is a URL already shown safely (credentials masked).
    public func describe(at place: String) -> String {
        switch self {
        case .connectionRefused: return "connection refused at \(place)"
        case .connectionLost: return "the connection to \(place) was lost"
        case .noAnswer: return "the connection to \(place) ended without an answer"
        case .hostNotFound: return "cannot find \(place)"
        case .tooManyRedirects: return "\(place) redirected too many times"
        case .timedOut: return "\(place) went silent (timed out)"
        case .deadlineExceeded, .tooLarge, .redirectRefused, .other:
            return "\(errorDescription ?? "network error") talking to \(place)"
        }
    }
}
