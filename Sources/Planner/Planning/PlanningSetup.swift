import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

/// What every planner is given: the store, the model, where forecasts come from, the offline gazetteer,
/// the engine's options and the traveller. `PackPlanner`, `AskPlanner` and `ReplayPlanner` each take one
/// and run their sessions through the one `SessionChain` it makes.
public struct PlanningSetup: Sendable {
    /// Where sessions, entries, pinned forecasts and lists are written.
    public let store: Store
    /// The model every session talks to (a server, or the built-in engine).
    public let model: any LanguageModel
    /// Where pack's and ask's forecasts come from (a replay reads only its pinned ones).
    public let forecasts: any ForecastProvider
    /// The offline place data the geocode tool answers from first.
    public let gazetteer: Gazetteer?
    /// How an overflowing context is recovered (`--recovery`), then its fallbacks.
    public var recovery: RecoveryStrategy
    /// Sampling and the answer's budget (`--temperature`, `--seed`).
    public var options: GenerationOptions
    /// Overrides the model's own context size (`--context-size`).
    public var contextSize: Int?
    /// Told about each step, for progress lines.
    public var onProgress: @Sendable (String) -> Void
    /// Asked by the geocode tool when the offline data has no confident answer (nil: offline data only).
    public var onlineGeocoder: OnlineGeocoder?
    /// Whether a pack or ask resumes the trip's interrupted session (`--restart`: false).
    public var resumesInterrupted = true
    /// Who is packing (home country, units, laundry interval): the rules and the check read it.
    public var traveller: Traveller = .standard
    /// Today, so a trip in the past says so (nil: never past).
    public var today: CalendarDate?

    /// A setup with the traveller standard, no online geocoder, and interrupted sessions resumed.
    public init(
        store: Store, model: any LanguageModel, forecasts: any ForecastProvider, gazetteer: Gazetteer?,
        recovery: RecoveryStrategy = .condense,
        options: GenerationOptions = GenerationOptions(maximumResponseTokens: PackPlanner.answerTokens),
        contextSize: Int? = nil, onProgress: @escaping @Sendable (String) -> Void = { _ in }
    ) {
        self.store = store
        self.model = model
        self.forecasts = forecasts
        self.gazetteer = gazetteer
        self.recovery = recovery
        self.options = options
        self.contextSize = contextSize
        self.onProgress = onProgress
    }

    /// The session chain every planner's sessions go through.
    var chain: SessionChain {
        SessionChain(
            store: store, model: model, recovery: recovery, options: options, contextSize: contextSize, onProgress: onProgress
        )
    }
}
