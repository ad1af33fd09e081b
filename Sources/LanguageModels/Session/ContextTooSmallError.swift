import FoundationEssentials

/// A model whose context window is too small to hold a follow-up's facts and an answer (a server's `n_ctx`
/// of 1, or a stated window of 64): a follow-up refuses it up front instead of shortening its facts to nothing.
public struct ContextTooSmallError: Error, LocalizedError, Sendable, Equatable {
    /// The smallest window a follow-up works with, in tokens: the instructions, the trip's facts cut to a third of
    /// the window, and an answer of a few sentences.
    public static let minimum = 256

    /// The window the server reported (or the caller stated).
    public var contextSize: Int

    public init(contextSize: Int) {
        self.contextSize = contextSize
    }

    public var errorDescription: String? {
        "the model's context window is \(contextSize) tokens, too small to answer from (at least \(Self.minimum) are needed)."
    }

    public var recoverySuggestion: String? {
        "Start the server with a larger context window."
    }
}
