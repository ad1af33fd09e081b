import FoundationEssentials
import LanguageModels
import Model
import Store

extension GenerationOptions {
    /// What a session records.
    public var recorded: SessionSampling {
        let mode = sampling ?? .greedy
        let isGreedy = mode.kind == .greedy
        return SessionSampling(
            mode: mode.label, temperature: isGreedy ? nil : temperature, seed: mode.seed.map { Int(clamping: $0) }
        )
    }
}
