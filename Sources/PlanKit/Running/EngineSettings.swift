import LanguageModels

/// How a session's engine runs, whatever the front end chose it with (the command line's `--recovery`,
/// `--context-size`, `--temperature`, `--seed` and `--restart`): what a planner's set-up needs of it.
public struct EngineSettings: Sendable, Equatable {
    /// What to do when the context window fills.
    public var recovery: RecoveryStrategy
    /// The model's window in tokens; nil: what the server says.
    public var contextSize: Int?
    /// How to sample; nil: greedy.
    public var sampling: GenerationOptions.SamplingMode?
    /// The temperature sent with `sampling`.
    public var temperature: Double?
    /// Resume the trip's interrupted session rather than start afresh.
    public var resumesInterrupted: Bool

    /// Settings; the defaults are a pack's: condense on overflow, the server's window, greedy, resume.
    public init(
        recovery: RecoveryStrategy = .condense, contextSize: Int? = nil, sampling: GenerationOptions.SamplingMode? = nil,
        temperature: Double? = nil, resumesInterrupted: Bool = true
    ) {
        self.recovery = recovery
        self.contextSize = contextSize
        self.sampling = sampling
        self.temperature = temperature
        self.resumesInterrupted = resumesInterrupted
    }
}
