import LanguageModels
import PlanKit
import Rendering

/// The options of every command that runs a language-model session (`pack`, `ask`, `replay`), declared once.
/// A new sampling option (`--temperature`, `--seed`) is a field here and a line in `parameters`.
public struct EngineOptions: ParsableArguments, Equatable {
    /// `--model`: `builtin` or an OpenAI-compatible base URL; nil: `PLAN_MODEL`.
    public var model: String?
    /// `--recovery`: what to do when the context window fills.
    public var recovery: RecoveryStrategy = .condense
    /// `--context-size`: the model's window in tokens; nil: what the server says.
    public var contextSize: Int?
    /// `--temperature`: 0 to 2; above 0 samples instead of greedy decoding.
    public var temperature: Double?
    /// `--seed`: samples (from the top 40 tokens) reproducibly.
    public var seed: UInt64?
    /// `--restart`: start afresh instead of resuming the trip's interrupted session.
    public var restart = false

    public init() {}

    /// How to sample: greedy unless a temperature above 0 or a seed is given, then from the top 40 tokens
    /// (temperature 0.8 when only a seed is given).
    public var sampling: GenerationOptions.SamplingMode? {
        guard (temperature ?? 0) > 0 || seed != nil else { return nil }
        return .random(top: 40, seed: seed)
    }

    /// The temperature sent with `sampling`.
    public var samplingTemperature: Double? {
        sampling == nil ? temperature : (temperature ?? 0.8)
    }

    /// What the core's planners need of these options.
    public var settings: EngineSettings {
        EngineSettings(
            recovery: recovery, contextSize: contextSize, sampling: sampling, temperature: samplingTemperature,
            resumesInterrupted: !restart
        )
    }

    /// The declaration the three commands share.
    public static let parameters: [Parameter<EngineOptions>] = [
        .option(
            "model", \.model, value: "<m>", help: "builtin, or an OpenAI-compatible base URL (default: PLAN_MODEL)"
        ),
        .choice(
            "recovery", \.recovery, value: "<s>", help: "when the context fills: condense (default), summarize, fresh"
        ),
        .option(
            "context-size", \.contextSize, value: "<n>", help: "the model's context window in tokens (default: the server's)"
        ) { text, context in
            try ArgumentText.number(text, option: "context-size", range: 256...1_048_576, context: context)
        },
        .option(
            "temperature", \.temperature, value: "<t>", help: "sampling temperature, 0 to 2 (default: greedy; recorded)"
        ) { text, context in
            guard let value = Double(text), value.isFinite, (0...2).contains(value) else {
                throw context.error("--temperature must be a number from 0 to 2.")
            }
            return value
        },
        .option(
            "seed", \.seed, value: "<n>", help: "sample reproducibly with this seed (recorded; same seed, same list)"
        ) { text, context in
            guard let value = UInt64(text), value <= UInt64(Int64.max) else {  // parses text; widening
                throw context.error("--seed must be a whole number from 0 to \(Int64.max).")
            }
            return value
        },
        .flag("restart", \.restart, help: "start afresh instead of resuming the trip's interrupted pack or ask"),
    ]
}
