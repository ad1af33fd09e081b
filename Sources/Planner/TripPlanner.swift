import Foundation
import LanguageModels
import Store
import Tools

/// Runs planning sessions for a trip: `pack` (the model calls the tools and answers with a packing list,
/// which plan checks before saving it) and `ask` (a follow-up answered from the trip's facts). Both go
/// through one path: create the session, respond, recover from an overflowing context, finish.
public struct TripPlanner: Sendable {
    public let store: Store
    public let model: any LanguageModel
    public let forecasts: any ForecastProvider
    public let gazetteer: Gazetteer?
    public var recovery: RecoveryStrategy
    public var options: GenerationOptions
    /// Overrides the model's own context size (`--context-size`).
    public var contextSize: Int?
    /// Told about each step, for progress lines.
    public var onProgress: @Sendable (String) -> Void
    /// Asked by the geocode tool when the offline data has no confident answer (nil: offline data only).
    public var onlineGeocoder: OnlineGeocoder?
    /// Whether a pack resumes the trip's interrupted session (`--restart`: false).
    public var resumesInterrupted = true
    /// Who is packing (home country, units, laundry interval): the rules and the check read it.
    public var traveller: Traveller = .standard
    /// Today, so a trip in the past says so (nil: never past).
    public var today: CalendarDate?

    /// The longest answer a pack asks for. A 30-item list takes about 1,500 tokens; a model that rambles
    /// past this keeps the items it completed (and the check decides whether they are enough).
    public static let packAnswerTokens = 1_280
    /// The longest answer a follow-up question asks for (four sentences need about 120).
    public static let askAnswerTokens = 320

    public init(
        store: Store, model: any LanguageModel, forecasts: any ForecastProvider, gazetteer: Gazetteer?,
        recovery: RecoveryStrategy = .condense, options: GenerationOptions = GenerationOptions(maximumResponseTokens: packAnswerTokens),
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

    /// What a pack produced.
    public struct Result: Sendable {
        public var trip: Trip
        /// The session that produced the list (the last one, after any recovery).
        public var sessionID: Int
        /// The first session of this pack.
        public var firstSessionID: Int
        public var model: String
        public var list: PackingList
        /// Recoveries that happened, in order.
        public var recoveries: [SessionRelation]
        public var stored: StoredPackingList
        /// The interrupted session this pack resumed, and how many tool calls it did not ask again.
        public var resumed: (session: Int, answeredCalls: Int)? = nil
    }

    /// What a follow-up produced.
    public struct Answer: Sendable {
        public var sessionID: Int
        public var answer: String
        public var recoveries: [SessionRelation]
        /// Things the traveller should know about the answer (cut off by the token limit).
        public var notices: [String]
        /// The interrupted follow-up this one resumed, and how many tool calls it did not ask again.
        public var resumed: (session: Int, answeredCalls: Int)? = nil
    }

    /// The session chain this planner's sessions go through.
    var chain: SessionChain {
        SessionChain(
            store: store, model: model, recovery: recovery, options: options, contextSize: contextSize, onProgress: onProgress
        )
    }

    /// A failure of the model's own making (as opposed to a server that is down or a database error).
    static func isModelFailure(_ error: any Error) -> Bool { SessionChain.isModelFailure(error) }

    static func describe(_ error: any Error) -> String { SessionChain.describe(error) }

    /// A reason for a sentence of our own: no trailing full stop, at most 160 characters.
    static func trimmed(_ text: String) -> String { SessionChain.trimmed(text) }
}
