import FoundationEssentials
import LanguageModels

/// What `plan doctor --forget` dropped: the profiles remembered for the model server and what they had
/// learnt from its answers (its window, refused and renamed fields, a reasoning model).
public struct EngineForgetting: Sendable, Equatable {
    /// The server as shown (`http://***@host`); nil for the built-in engine, which learns nothing.
    public var endpoint: String?
    /// How many remembered profiles were dropped (one for each model asked for on that server).
    public var profiles: Int
    /// What they had learnt, each once.
    public var facts: [EngineProfile.LearntFact]

    public init(endpoint: String?, profiles: Int, facts: [EngineProfile.LearntFact]) {
        self.endpoint = endpoint
        self.profiles = profiles
        self.facts = facts
    }
}
