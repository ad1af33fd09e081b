import FoundationEssentials
import Basics
import LanguageModels
import Model
import Store
import Tools

/// Answers a follow-up question about a trip from its facts (the forecast the list was made from and the
/// list), continuing the trip's latest completed session; carries on from an interrupted follow-up.
public struct AskPlanner: Sendable {
    /// The store, model, forecasts and options every session of this planner uses.
    public var setup: PlanningSetup

    /// The longest answer a follow-up question asks for (four sentences need about 120).
    public static let answerTokens = 320

    /// A planner that answers with `setup`.
    public init(_ setup: PlanningSetup) {
        self.setup = setup
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

    /// What a follow-up is told, in place of the pack's tool rounds.
    public static let instructions = """
        You answer a traveller's questions about their trip. Use the trip facts given: the forecast and the \
        packing list. Never guess the weather; if the facts do not say, say so. Answer in at most four sentences.
        """

    /// Answers a follow-up question. It continues the trip's latest *completed* session, carrying the
    /// instructions, the trip's facts (the forecast the list was made from, compact, and the list) and the
    /// last questions and answers, not the pack's tool rounds, so it fits small windows. Tools are offered only
    /// when no forecast was pinned (there is nothing to answer the weather from otherwise).
    public func ask(_ question: String, trip: Trip, onText: (@Sendable (String) -> Void)? = nil) async throws -> Answer {
        let store = setup.store
        let chain = setup.chain
        let window = try await chain.resolvedContextSize()
        guard window >= ContextTooSmallError.minimum else { throw ContextTooSmallError(contextSize: window) }
        let latest = try await store.latestSession(tripID: trip.id, statuses: [.completed])
        // The forecast the latest list was made from (pinned before it was saved), else the latest pinned.
        let list = try await store.latestPackingList(tripID: trip.id)
        let snapshot = try await store.latestForecast(tripID: trip.id, before: list?.createdAt)
        let tripFacts = try await facts(of: trip, snapshot: snapshot, list: list)
        let facts = await tripFacts.text(budget: window / 3, model: setup.model)
        var carried: [Transcript.Entry] = [
            .instructions(Transcript.Instructions(text: Self.instructions)),
            .summary(Transcript.Summary(text: facts)),
        ]
        if let latest, latest.purpose == .ask {
            carried += try await earlierExchanges(sessionID: latest.id, budget: window / 6)
        }
        let places = TripPlaces(destination: trip.place)
        var turn = SessionChain.Turn(
            purpose: .ask, trip: trip, parent: latest.map { ($0.id, SessionRelation.resumed) }, carried: Transcript(entries: carried),
            prompt: question, payload: nil, schema: nil,
            tools: snapshot == nil ? SessionTools(setup: setup).definitions(for: trip, pins: true, places: places) : [], required: [], onText: onText,
            onSnapshot: nil, fallsBack: false
        )
        let resumed = try await resumeInterruptedAsk(question, trip: trip, into: &turn)
        var options = setup.options
        options.maximumResponseTokens = min(options.maximumResponseTokens, Self.answerTokens)
        return try await chain.converse(turn, options: options) { outcome in
            guard case let .success(response) = outcome.answer else {
                throw LanguageModelError.decodingFailure("no answer")
            }
            let answer = response.text.trimming(.whitespacesAndNewlines)
            if let problem = AnswerCheck.problem(answer, question: question) {
                try await outcome.session.record(check: "Not an answer: \(problem).", payload: nil)
                throw LanguageModelError.unusableAnswer(problem)
            }
            var notices: [String] = []
            if response.isCutOff {
                let at = response.answerTokens.map { " at \($0) tokens" } ?? ""
                notices.append("the answer was cut off\(at); ask a narrower question for a complete one.")
            }
            return (
                Answer(
                    sessionID: outcome.sessionID, answer: answer, recoveries: outcome.recoveries, notices: notices,
                    resumed: resumed.map { ($0.id, $0.answeredCalls) }
                ), nil
            )
        }
    }

    /// The trip's facts for a follow-up: the forecast the list was made from and the list; for a trip of several
    /// stops, every stop's forecast as pinned before the list, each for its own days.
    private func facts(of trip: Trip, snapshot: ForecastSnapshot?, list: StoredPackingList?) async throws -> TripFacts {
        var tripFacts = try TripFacts(trip: trip, snapshot: snapshot, list: list, units: setup.traveller.units)
        guard trip.hasStops else { return tripFacts }
        var legs: [(leg: TripLeg, forecast: Forecast?)] = []
        for leg in trip.legs {
            var forecast: Forecast?
            if let id = leg.place?.id,
               let pinned = try await setup.store.latestForecast(tripID: trip.id, placeID: id, before: list?.createdAt) {
                forecast = try Forecast.fromJSON(pinned.forecast)
            }
            legs.append((leg, forecast))
        }
        let stops = StopForecasts(legs)
        tripFacts.forecast = stops.forecast
        tripFacts.stops = stops
        return tripFacts
    }

    /// The questions and answers of a completed follow-up, newest last, within `budget` tokens.
    private func earlierExchanges(sessionID: Int, budget: Int) async throws -> [Transcript.Entry] {
        let entries = try await setup.store.entries(sessionID: sessionID).filter(\.isInContext)
            .map(Transcript.Entry.init(record:))
            .filter { $0.kind == .prompt || $0.kind == .response }
        var pairs: [[Transcript.Entry]] = []
        var index = 0
        while index + 1 < entries.count {
            if entries[index].kind == .prompt, entries[index + 1].kind == .response {
                pairs.append([entries[index], entries[index + 1]])
                index += 2
            } else {
                index += 1
            }
        }
        var kept: [[Transcript.Entry]] = []
        var spent = 0
        for pair in pairs.suffix(2).reversed() {
            let tokens = pair.map { [$0.tokens, 4].saturatingSum }.saturatingSum
            guard [spent, tokens].saturatingSum <= budget else { break }
            spent += tokens
            kept.insert(pair, at: 0)
        }
        return kept.flatMap { $0 }
    }
}
