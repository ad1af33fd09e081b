import FoundationEssentials
import Glibc

/// Why a session could not produce an answer: Foundation Models 27's `LanguageModelError`, with every case
/// of Foundation Models 26's `GenerationError` that plan had mapped onto it (see docs/architecture.md).
public enum LanguageModelError: Error, LocalizedError, Sendable, Equatable {
    /// The transcript no longer fits the context window.
    case contextSizeExceeded(tokenCount: Int, contextSize: Int)
    /// The answer could not be decoded into what was asked for.
    case decodingFailure(String)
    /// The server asked us to slow down, for longer than plan waits (`retryAfter` seconds, when it said).
    case rateLimited(retryAfter: TimeInterval?)
    /// The server refused the credentials (HTTP 401 or 403): the server is up, the key is wrong.
    case refused(status: Int, server: String)
    /// The server has no model of that name; `available` is what it lists.
    case modelNotFound(model: String, available: [String])
    /// The server refused the request for a reason plan cannot fix (its own words, one line).
    case rejected(status: Int, message: String)
    /// The server answered, with an error of its own (5xx): it is up, but failing.
    case serverFailed(status: Int, message: String)
    /// The answer did not come in time (the transport's deadline); the server may be up but slow.
    case timeout(String)
    /// The model server could not be reached or failed.
    case unavailable(String)
    /// The model kept calling tools past the cap and never answered.
    case toolLoopLimit(rounds: Int)
    /// A text answer that is no answer: empty, a stock phrase, the question said back, a loop.
    case unusableAnswer(String)
    /// A second request while the session is still answering one (transcripts would interleave).
    case concurrentRequests

    /// Whether this is the context window running out (before the request, or while answering).
    public var isOverflow: Bool {
        if case .contextSizeExceeded = self { return true }
        return false
    }

    public var errorDescription: String? {
        switch self {
        case let .contextSizeExceeded(tokens, contextSize):
            return "the conversation needs \(tokens) tokens but the model's context holds \(contextSize)."
        case let .decodingFailure(detail):
            return "the model's answer could not be used: \(detail)."
        case let .rateLimited(retryAfter):
            guard let retryAfter else { return "the model server is rate limiting requests." }
            return "the model server is rate limiting requests for \(Self.duration(retryAfter))."
        case let .refused(status, server):
            return "\(server) refused the key (HTTP \(status))."
        case let .modelNotFound(model, available):
            let listed = available.isEmpty ? "it lists none" : "it serves " + available.prefix(8).joined(separator: ", ")
            return "the server has no model \"\(model)\"; \(listed)."
        case let .rejected(status, message):
            return "the model server refused the request (HTTP \(status)): \(message)"
        case let .timeout(reason):
            return "the model server did not answer in time: \(reason)."
        case let .serverFailed(status, message):
            return "the model server failed (HTTP \(status)): \(message)"
        case let .unavailable(reason):
            return "the model server is unavailable: \(reason)."
        case let .toolLoopLimit(rounds):
            return "the model called tools for \(rounds) rounds without answering."
        case let .unusableAnswer(problem):
            return "the model gave no usable answer: \(problem)."
        case .concurrentRequests:
            return "the session is still answering an earlier request."
        }
    }

    /// What to do, in the framework's words: an application adds its own (its settings, its commands) where
    /// it presents the error.
    public var recoverySuggestion: String? {
        switch self {
        case .contextSizeExceeded:
            return "Use a model with a larger context, or condense or summarise the transcript."
        case .decodingFailure, .toolLoopLimit:
            return "Try again, or use a larger model."
        case .unusableAnswer:
            return "Ask again in other words, or use a larger model."
        case let .rateLimited(retryAfter):
            guard let retryAfter else { return "Wait a minute and try again." }
            return "Try again after \(Self.moment(after: retryAfter))."
        case .refused:
            return "Use a key this server accepts (it is sent as a bearer token)."
        case let .modelNotFound(_, available):
            return available.isEmpty ? "Ask for a model the server has loaded." : "Ask for one of them, e.g. \(available[0])."
        case .rejected:
            return "The server's words above say what it wants."
        case .serverFailed:
            return "The server is up but failing: see its log, or try again."
        case .timeout:
            return "Allow the server more time, or send a shorter request."
        case .unavailable:
            return "Start the server, or check its address."
        case .concurrentRequests:
            return "Wait for the answer (isResponding) before sending the next prompt, or use a second session."
        }
    }
}

/// A tool failed: which tool, and why, so the user can act on it.
extension LanguageModelError {
    /// "12 s", "3 min", "2 h".
    /// The moment `seconds` from `now` for a reader: a clock time today, a date and a time on another day
    /// (a wait of a day ends tomorrow, and "after 14:05" would read as today). Waits are capped at a day.
    /// Written by hand, the same in every locale ("14:05", "Dec 6, 2026, 14:05"): Foundation's date styles need
    /// ICU (issue 47). Without a calendar, the process's local zone as the C library reads it (TZ, /etc/localtime).
    static func moment(after seconds: TimeInterval, now: Date = Date(), calendar: Calendar? = nil) -> String {
        let wait = seconds.isFinite ? min(max(0, seconds), 86_400) : 86_400
        let when = now.addingTimeInterval(wait)
        guard let start = fields(of: now, calendar: calendar), let end = fields(of: when, calendar: calendar) else {
            return "\(Int(exactly: (wait / 60).rounded(.down)) ?? 0) min from now"
        }
        let clock = pad(end.hour) + ":" + pad(end.minute)
        if (start.year, start.month, start.day) == (end.year, end.month, end.day) { return clock }
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let month = months.indices.contains(end.month - 1) ? months[end.month - 1] : "?"
        return "\(month) \(end.day), \(end.year), \(clock)"
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

    /// Year, month, day, hour and minute of `date`, in the calendar's zone or else the local one.
    private static func fields(of date: Date, calendar: Calendar?) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int)? {
        if let calendar {
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
            guard let year = parts.year, let month = parts.month, let day = parts.day, let hour = parts.hour,
                  let minute = parts.minute else { return nil }
            return (year, month, day, hour, minute)
        }
        // The wait is capped at a day, so the instant is near now and fits time_t.
        var time = time_t(truncatingIfNeeded: Int64(exactly: date.timeIntervalSince1970.rounded(.down)) ?? 0)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return nil }
        let field = { (value: Int32) in Int(truncatingIfNeeded: value) }
        return (field(parts.tm_year) + 1900, field(parts.tm_mon) + 1, field(parts.tm_mday), field(parts.tm_hour), field(parts.tm_min))
    }

    static func duration(_ seconds: TimeInterval) -> String {
        // At most a day (the reader caps it), so every conversion fits.
        let capped = min(max(0, seconds), 86_400)
        if capped < 90 { return "\(Int(checked: capped.rounded(.up)) ?? 0) s" }
        if capped < 5_400 { return "\(Int(checked: (capped / 60).rounded(.up)) ?? 0) min" }
        return "\(Int(checked: (capped / 3_600).rounded(.up)) ?? 0) h"
    }

    /// Whether the session was cut short by something outside the conversation (a deadline, a rate limit,
    /// the connection): its entries stay, and the next pack resumes it.
    public var isInterruption: Bool {
        switch self {
        case .rateLimited, .timeout, .unavailable, .serverFailed: return true
        default: return false
        }
    }
}

public struct ToolCallError: Error, LocalizedError, Sendable {
    public var toolName: String
    public var underlyingError: any Error

    public init(toolName: String, underlyingError: any Error) {
        self.toolName = toolName
        self.underlyingError = underlyingError
    }

    public var errorDescription: String? {
        let reason = (underlyingError as? any LocalizedError)?.errorDescription ?? String(describing: underlyingError)
        return "the \(toolName) tool failed: \(reason)"
    }

    public var recoverySuggestion: String? {
        (underlyingError as? any LocalizedError)?.recoverySuggestion
    }
}
