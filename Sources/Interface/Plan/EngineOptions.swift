import Planner

/// The options of every command that runs a language-model session (`pack`, `ask`, `replay`), declared once.
/// A new sampling option (`--temperature`, `--seed`) is a field here and a line in `parameters`.
public struct EngineOptions: ParsableArguments, Equatable {
    /// `--model`: `builtin` or an OpenAI-compatible base URL; nil: `PLAN_MODEL`.
    public var model: String?
    /// `--recovery`: what to do when the context window fills.
    public var recovery: RecoveryStrategy = .condense
    /// `--context-size`: the model's window in tokens; nil: what the server says.
    public var contextSize: Int?

    public init() {}

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
    ]
}
