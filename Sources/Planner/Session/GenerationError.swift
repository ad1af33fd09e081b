import Foundation

/// Why a session could not produce an answer, as in Foundation Models.
public enum GenerationError: Error, LocalizedError, Sendable, Equatable {
    /// The transcript no longer fits the context window.
    case exceededContextWindowSize(tokens: Int, contextSize: Int)
    /// The answer could not be decoded into what was asked for.
    case decodingFailure(String)
    /// The server asked us to slow down.
    case rateLimited
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
        if case .exceededContextWindowSize = self { return true }
        return false
    }

    public var errorDescription: String? {
        switch self {
        case let .exceededContextWindowSize(tokens, contextSize):
            return "the conversation needs \(tokens) tokens but the model's context holds \(contextSize)."
        case let .decodingFailure(detail):
            return "the model's answer could not be used: \(detail)."
        case .rateLimited:
            return "the model server is rate limiting requests."
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

    public var recoverySuggestion: String? {
        switch self {
        case .exceededContextWindowSize:
            return "Use a model with a larger context, or --recovery summarize."
        case .decodingFailure, .toolLoopLimit:
            return "Try again, or use a larger model (or PLAN_MODEL=builtin)."
        case .unusableAnswer:
            return "Ask again in other words, or use a larger model; 'plan history' keeps the failed turn."
        case .rateLimited:
            return "Wait a minute and try again."
        case .unavailable:
            return "Start the server, or check PLAN_MODEL (unset it to use the built-in engine)."
        case .concurrentRequests:
            return "Wait for the answer (isResponding) before sending the next prompt, or use a second session."
        }
    }
}

/// A tool failed: which tool, and why, so the user can act on it.
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
