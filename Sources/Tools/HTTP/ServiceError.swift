import FoundationEssentials

/// A web service failed and nothing cached could stand in.
public enum ServiceError: Error, LocalizedError, Sendable, Equatable {
    /// The service answered with an error (problem+json details when it sent them).
    case problem(service: String, status: Int, title: String, detail: String?, correlationID: String?)
    /// No answer: refused, timed out, reset, or an answer that is not what the service sends.
    case unavailable(service: String, reason: String)
    /// Offline mode and nothing cached for this request.
    case offline(service: String)
    /// The answer could not be read.
    case malformed(service: String, detail: String)

    public var errorDescription: String? {
        switch self {
        case let .problem(service, status, title, detail, correlationID):
            var text = "\(service) answered \(status) \(title)"
            if let detail, !detail.isEmpty { text += ": \(detail)" }
            if let correlationID { text += " (correlation id \(correlationID))" }
            return text + "."
        case let .unavailable(service, reason):
            return "\(service) is unavailable (\(reason)) and nothing cached can stand in."
        case let .offline(service):
            return "offline, and nothing from \(service) is cached for this."
        case let .malformed(service, detail):
            return "\(service) sent an answer plan cannot read: \(detail)."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case let .problem(_, status, _, _, _) where status >= 500:
            return "The service is having trouble; try again in a few minutes."
        case .problem:
            return "Check the destination and dates; run again with --fresh if the problem persists."
        case .unavailable:
            return "Check your network connection, or use --offline to work from what is cached."
        case .offline:
            return "Run once without --offline (and without PLAN_OFFLINE=1) to fetch it."
        case .malformed:
            return "Try again later; if it persists, the service may have changed its format."
        }
    }

    /// The HTTP status, for `.problem`.
    public var status: Int? {
        if case let .problem(_, status, _, _, _) = self { return status }
        return nil
    }
}
