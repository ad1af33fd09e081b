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
    }

    // MARK: - Pack

    /// Packs a trip. `parentSession` links a replay to the session it replays.
    public func pack(
        _ trip: Trip, purpose: SessionPurpose = .pack, parentSession: Int? = nil, pinsForecasts: Bool = true,
        onAnswer: (@Sendable (PackingAnswer.PartiallyGenerated) -> Void)? = nil
    ) async throws -> Result {
        let places = TripPlaces(destination: trip.place, stops: trip.legs.dropFirst().compactMap(\.place))
        // With a model server, the forecast is fetched while the server reads the instructions (prewarm).
        var provider: any ForecastProvider = forecasts
        var prefetch: PrefetchedForecast?
        if !(model is BuiltinPackingModel), let place = trip.place {
            prefetch = PrefetchedForecast(base: forecasts, place: place, start: trip.start, end: trip.end)
            provider = prefetch ?? forecasts
        }
        var turn = Turn(
            purpose: purpose, trip: trip, parent: parentSession.map { ($0, SessionRelation.replay) },
            carried: Transcript(entries: [Transcript.Entry(kind: .instructions, text: PackingInstructions.text)]),
            prompt: PackingInstructions.prompt(for: trip, traveller: traveller),
            payload: PackingInstructions.payload(for: trip, traveller: traveller, today: today),
            schema: PackingAnswer.generationSchema, tools: makeTools(for: trip, pins: pinsForecasts, places: places, provider: provider),
            required: ["forecast"], onText: nil, onSnapshot: onAnswer.map { report in
                { @Sendable content in report(GeneratedSnapshot<PackingAnswer>(content: content)) }
            }, fallsBack: true
        )
        if let prefetch { turn.warmUp = { await prefetch.wait() } }
        let resumed = purpose == .pack && resumesInterrupted ? try await interruptedTranscript(of: trip) : nil
        if let resumed {
            // The interrupted session's entries carry on: the tool calls it answered are not asked again.
            turn.carried = resumed.transcript
            turn.parent = (resumed.session, SessionRelation.resumed)
            turn.resumes = true
            turn.tools = makeTools(for: trip, pins: pinsForecasts, places: places, provider: forecasts)
            turn.warmUp = nil
            provider = forecasts
            onProgress("Resuming interrupted session \(resumed.session) (\(resumed.answeredCalls) tool call\(resumed.answeredCalls == 1 ? "" : "s") already answered)…")
        }
        let turnProvider = provider
        return try await converse(turn) { outcome in
            let provider = turnProvider
            let obtained = await tripForecast(
                trip, in: await outcome.session.transcript, pins: pinsForecasts, provider: provider
            )
            // Several stops: each reason names the stop of the day it cites, whoever wrote the list.
            let citing: (PackingList) -> PackingList = { obtained.stops?.citingStops($0) ?? $0 }
            let context = PackingContext(
                trip: trip, forecast: obtained.forecast, isStale: obtained.isStale, unavailableReason: obtained.unavailable,
                traveller: traveller, today: today
            )
            let check = PackingCheck(context: context, destination: trip.destination, place: trip.place)
            var list: PackingList
            var fallback: String?
            switch outcome.answer {
            case let .success(response):
                do {
                    guard let structured = response.rawContent else { throw LanguageModelError.decodingFailure("no structured answer") }
                    var answered = try PackingInstructions.list(from: structured)
                    if response.isCutOff {
                        answered.notices.append(
                            "The model's answer was cut off\(response.answerTokens.map { " at \($0) tokens" } ?? ""); the list holds the items it completed."
                        )
                    }
                    let checked = check.review(answered, model: outcome.modelName)
                    list = checked.list
                    fallback = checked.problem
                } catch let error where error is LanguageModelError || error is GenerationDecodingError {
                    // An answer that does not fit is the model's failing, never plan's: set aside.
                    list = PackingList(items: [])
                    fallback = Self.describe(error)
                }
            case let .failure(error):
                list = PackingList(items: [])
                fallback = Self.describe(error)
            }
            if let fallback {
                // The answer cannot be used: the built-in engine's list for the same forecast, saying so.
                var rules = PackingRules.list(for: context)
                rules.items = rules.items.map { item in
                    var item = item
                    item.origin = .rules
                    return item
                }
                let answered = list.review?.answered ?? 0
                rules.review = list.review ?? PackingReview(model: outcome.modelName, answered: answered, kept: 0, fallback: fallback)
                rules.review?.fallback = fallback
                rules.notices.insert(
                    "\(outcome.modelName)'s answer was set aside (\(Self.trimmed(fallback))); this is plan's rule-based list for the same forecast.",
                    at: 0
                )
                list = rules
            } else {
                // Once each: the answer may carry the same notices (the built-in engine's always do).
                for notice in PackingRules.notices(for: context)
                where !list.notices.contains(where: { PackingCheck.key($0) == PackingCheck.key(notice) }) {
                    list.notices.append(notice)
                }
            }
            list = citing(list)
            let review = list.review ?? PackingReview(model: outcome.modelName, answered: list.items.count, kept: list.items.count)
            try await outcome.session.record(check: review.summary, payload: try JSONValue.parse(Data(
                JSONEncoder().encode(review)
            )))
            let stored = try await store.savePackingList(
                tripID: trip.id, sessionID: outcome.sessionID, model: outcome.modelName, json: try list.jsonText()
            )
            return (
                Result(
                    trip: trip, sessionID: outcome.sessionID, firstSessionID: outcome.firstSessionID, model: outcome.modelName,
                    list: list, recoveries: outcome.recoveries, stored: stored,
                    resumed: resumed.map { ($0.session, $0.answeredCalls) }
                ),
                fallback.map { "the model's answer was set aside: \(Self.trimmed($0))" }
            )
        }
    }

    // MARK: - Ask

    /// What a follow-up is told, in place of the pack's tool rounds.
    public static let askInstructions = """
        You answer a traveller's questions about their trip. Use the trip facts given: the forecast and the \
        packing list. Never guess the weather; if the facts do not say, say so. Answer in at most four sentences.
        """

    /// Answers a follow-up question. It continues the trip's latest *completed* session, carrying the
    /// instructions, the trip's facts (the forecast the list was made from, compact, and the list) and the
    /// last questions and answers, not the pack's tool rounds, so it fits small windows. Tools are offered only
    /// when no forecast was pinned (there is nothing to answer the weather from otherwise).
    public func ask(_ question: String, trip: Trip, onText: (@Sendable (String) -> Void)? = nil) async throws -> Answer {
        let window = try await resolvedContextSize()
        guard window >= ContextTooSmallError.minimum else { throw ContextTooSmallError(contextSize: window) }
        let latest = try await store.latestSession(tripID: trip.id, statuses: [.completed])
        // The forecast the latest list was made from (pinned before it was saved), else the latest pinned.
        let list = try await store.latestPackingList(tripID: trip.id)
        let snapshot = try await store.latestForecast(tripID: trip.id, before: list?.createdAt)
        var tripFacts = try TripFacts(trip: trip, snapshot: snapshot, list: list)
        if trip.hasStops {
            // Every stop's forecast as pinned before the list, each for its own days.
            var legs: [(leg: TripLeg, forecast: Forecast?)] = []
            for leg in trip.legs {
                var forecast: Forecast?
                if let id = leg.place?.id, let pinned = try await store.latestForecast(tripID: trip.id, placeID: id, before: list?.createdAt) {
                    forecast = try Forecast.fromJSON(pinned.forecast)
                }
                legs.append((leg, forecast))
            }
            let stops = StopForecasts(legs)
            tripFacts.forecast = stops.forecast
            tripFacts.stops = stops
        }
        let facts = await tripFacts.text(budget: window / 3, model: model)
        var carried = [
            Transcript.Entry(kind: .instructions, text: Self.askInstructions),
            Transcript.Entry(kind: .summary, text: facts),
        ]
        if let latest, latest.purpose == .ask {
            carried += try await earlierExchanges(sessionID: latest.id, budget: window / 6)
        }
        let places = TripPlaces(destination: trip.place)
        let turn = Turn(
            purpose: .ask, trip: trip, parent: latest.map { ($0.id, SessionRelation.resumed) }, carried: Transcript(entries: carried),
            prompt: question, payload: nil, schema: nil,
            tools: snapshot == nil ? makeTools(for: trip, pins: true, places: places) : [], required: [], onText: onText,
            onSnapshot: nil, fallsBack: false
        )
        var options = self.options
        options.maximumResponseTokens = min(options.maximumResponseTokens, Self.askAnswerTokens)
        return try await converse(turn, options: options) { outcome in
            guard case let .success(response) = outcome.answer else {
                throw LanguageModelError.decodingFailure("no answer")
            }
            let answer = response.text.trimmingCharacters(in: .whitespacesAndNewlines)
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
                Answer(sessionID: outcome.sessionID, answer: answer, recoveries: outcome.recoveries, notices: notices), nil
            )
        }
    }

    /// The questions and answers of a completed follow-up, newest last, within `budget` tokens.
    private func earlierExchanges(sessionID: Int, budget: Int) async throws -> [Transcript.Entry] {
        let entries = try await store.entries(sessionID: sessionID).filter(\.isInContext)
            .filter { $0.kind == .prompt || $0.kind == .response }
        var pairs: [[Transcript.Entry]] = []
        var index = 0
        while index + 1 < entries.count {
            if entries[index].kind == .prompt, entries[index + 1].kind == .response {
                pairs.append([entries[index], entries[index + 1]].map { record in
                    var entry = Transcript.Entry(record: record)
                    entry.seq = nil
                    return entry
                })
                index += 2
            } else {
                index += 1
            }
        }
        var kept: [[Transcript.Entry]] = []
        var spent = 0
        for pair in pairs.suffix(2).reversed() {
            let tokens = pair.reduce(0) { $0 + $1.tokens + 4 }
            guard spent + tokens <= budget else { break }
            spent += tokens
            kept.insert(pair, at: 0)
        }
        return kept.flatMap { $0 }
    }

    // MARK: - One path

    /// What one command asks of a session.
    struct Turn: Sendable {
        var purpose: SessionPurpose
        var trip: Trip
        var parent: (id: Int, relation: SessionRelation)?
        /// The entries the session starts from (recorded when it starts).
        var carried: Transcript
        var prompt: String
        var payload: JSONValue?
        var schema: GenerationSchema?
        var tools: [ToolDefinition]
        var required: [String]
        var onText: (@Sendable (String) -> Void)?
        /// Told about the structured answer as it grows (streaming a pack).
        var onSnapshot: (@Sendable (GeneratedContent) -> Void)?
        /// A model failure (an unusable answer, a context it cannot fit) is handed to `finish` instead of
        /// ending the command: a pack then falls back to the built-in list.
        var fallsBack: Bool
        /// Work to overlap with `LanguageModelSession.prewarm` before the first round (the forecast's fetch).
        var warmUp: (@Sendable () async -> Void)?
        /// The carried transcript already ends with the prompt (an interrupted session resumed): no new one.
        var resumes = false
    }

    /// The trip's interrupted pack, as a transcript to carry on from, when it got as far as a tool's answer.
    private func interruptedTranscript(of trip: Trip) async throws
        -> (session: Int, transcript: Transcript, answeredCalls: Int)?
    {
        guard let interrupted = try await store.interruptedSession(tripID: trip.id) else { return nil }
        let entries = try await store.entries(sessionID: interrupted.id).filter(\.isInContext)
            .filter { $0.kind != .check && $0.kind != .reasoning }
        let answered = entries.filter { $0.kind == .toolOutput }.count
        guard answered > 0, entries.contains(where: { $0.kind == .prompt }) else { return nil }
        // A tool call without its output (the process stopped between them) is dropped: never separated.
        var kept = entries.map { record -> Transcript.Entry in
            var entry = Transcript.Entry(record: record)
            entry.seq = nil
            return entry
        }
        while let last = kept.last, last.kind == .toolCalls || last.kind == .response { kept.removeLast() }
        return (interrupted.id, Transcript(entries: kept), answered)
    }

    /// What `finish` gets.
    struct Outcome: Sendable {
        var session: LanguageModelSession
        /// The session that answered (the last one, after recoveries).
        var sessionID: Int
        var firstSessionID: Int
        var modelName: String
        var answer: Swift.Result<LanguageModelSession.Response<String>, any Error>
        var recoveries: [SessionRelation]
    }

    /// Creates the session, responds, recovers when the context overflows, hands the outcome to `finish`,
    /// and records how the session ended: `completed` (with a note when `finish` says so) or `failed`. A
    /// session that overflowed stays `recovered`; only the last one of a chain can fail.
    private func converse<Value: Sendable>(
        _ turn: Turn, options: GenerationOptions? = nil,
        finish: (Outcome) async throws -> (Value, note: String?)
    ) async throws -> Value {
        let options = options ?? self.options
        let window = try await resolvedContextSize()
        let name = await model.servedName()
        let firstID = try await store.createSession(
            tripID: turn.trip.id, parentID: turn.parent?.id, relation: turn.parent?.relation, purpose: turn.purpose,
            model: name, contextSize: window, sampling: options.recorded
        )
        var currentID = firstID
        do {
            var session = try await LanguageModelSession(
                model: model, tools: turn.tools, transcript: turn.carried, contextSize: window,
                recorder: StoreTranscriptRecorder(store: store, sessionID: firstID)
            )
            await session.require(tools: turn.required)
            if let warmUp = turn.warmUp {
                async let warmed: Void = session.prewarm()
                await warmUp()
                await warmed
            }
            onProgress("Thinking…")
            let progress = onProgress
            let thinking = ReasoningProgress()
            await session.observeReasoning { piece in
                if let line = thinking.add(piece) { progress(line) }
            }
            var recoveries: [SessionRelation] = []
            var answer: Swift.Result<LanguageModelSession.Response<String>, any Error>
            do {
                do {
                    if turn.resumes {
                        await session.require(tools: turn.required.filter { name in
                            !turn.carried.entries.contains { $0.kind == .toolOutput && $0.toolName == name }
                        })
                        answer = .success(try await session.resume(
                            generating: turn.schema, options: options, onText: turn.onText, onSnapshot: turn.onSnapshot
                        ))
                    } else if let schema = turn.schema, let onSnapshot = turn.onSnapshot {
                        answer = .success(try await session.respond(
                            to: turn.prompt, payload: turn.payload, schema: schema, options: options, onSnapshot: onSnapshot
                        ))
                    } else {
                        answer = .success(try await session.respond(
                            to: turn.prompt, payload: turn.payload, schema: turn.schema, options: options, onText: turn.onText
                        ))
                    }
                } catch let error as LanguageModelError where error.isOverflow {
                    let recovered = try await recover(
                        session, currentID: &currentID, turn: turn, window: window, modelName: name, error: error,
                        options: options, recoveries: &recoveries
                    )
                    session = recovered.session
                    answer = .success(recovered.response)
                }
            } catch let error where turn.fallsBack && Self.isModelFailure(error) {
                answer = .failure(error)
            }
            let (value, note) = try await finish(Outcome(
                session: session, sessionID: currentID, firstSessionID: firstID, modelName: name, answer: answer,
                recoveries: recoveries
            ))
            try await store.finishSession(id: currentID, status: .completed, error: note)
            return value
        } catch {
            // Cut short from outside (a deadline, a rate limit, the server gone, Ctrl-C): kept for resuming.
            let interrupted = (error as? LanguageModelError)?.isInterruption == true || error is CancellationError
            try? await store.finishSession(id: currentID, status: interrupted ? .interrupted : .failed, error: Self.describe(error))
            throw error
        }
    }

    /// Starts linked sessions from a condensed transcript until one answers: the chosen strategy, then each
    /// fallback (summarize → condense → fresh). Every session left behind is `recovered`, with the reason.
    private func recover(
        _ session: LanguageModelSession, currentID: inout Int, turn: Turn, window: Int, modelName: String,
        error: LanguageModelError, options: GenerationOptions, recoveries: inout [SessionRelation]
    ) async throws -> (session: LanguageModelSession, response: LanguageModelSession.Response<String>) {
        var strategy: RecoveryStrategy? = recovery
        var previous = session
        var lastError = error
        var window = window
        while var current = strategy {
            // A server that says how small its window really is (llama-server's n_ctx) is believed.
            if case let .contextSizeExceeded(_, served) = lastError, served > 0, served < window { window = served }
            onProgress("Context full; recovering (\(current.rawValue))…")
            let transcript = await previous.transcript
            var note = Self.describe(lastError)
            var summary: String?
            if current == .summarize {
                do {
                    summary = try await summarize(ContextRecovery.entriesToSummarize(transcript), window: window)
                } catch {
                    note += " The summary failed (\(Self.trimmed(Self.describe(error)))); condensed instead."
                    current = .condense
                }
            }
            let condensed = ContextRecovery.condensed(transcript, strategy: current, summary: summary, summaryBudget: window / 3)
            try await store.finishSession(id: currentID, status: .recovered, error: note)
            currentID = try await store.createSession(
                tripID: turn.trip.id, parentID: currentID, relation: current.relation, purpose: turn.purpose, model: modelName,
                contextSize: window, sampling: options.recorded
            )
            recoveries.append(current.relation)
            let next = try await LanguageModelSession(
                model: model, tools: turn.tools, transcript: condensed, contextSize: window,
                recorder: StoreTranscriptRecorder(store: store, sessionID: currentID)
            )
            // A tool whose answer the condensed transcript already holds is not required again.
            await next.require(tools: turn.required.filter { name in
                !condensed.entries.contains { $0.kind == .toolOutput && $0.toolName == name }
            })
            do {
                return (next, try await next.resume(generating: turn.schema, options: options, onText: turn.onText, onSnapshot: turn.onSnapshot))
            } catch let error as LanguageModelError where error.isOverflow {
                lastError = error
                previous = next
                strategy = current.fallback
            }
        }
        // Nothing frees enough room. An answer the window cut short is still an answer: it is given with a
        // notice (a pack's check then decides whether its items are enough).
        if let partial = await previous.windowCutOff {
            onProgress("The context window is full; using the answer as far as it got…")
            try await previous.record(check: "The answer was cut off by the context window (\(window) tokens); kept what came before the cut.", payload: nil)
            return (previous, partial)
        }
        throw lastError
    }

    /// Asks the model for a few lines summarising `entries` (cut to fit half the window).
    private func summarize(_ entries: [Transcript.Entry], window: Int) async throws -> String {
        var text = entries.map { "\($0.kind.rawValue): \($0.text)" }.joined(separator: "\n")
        let budget = window / 2
        while await model.tokenCount(for: text) > budget, text.count > 200 {
            text = String(text.prefix(text.count * 2 / 3))
        }
        let request = ModelRequest(
            entries: [
                Transcript.Entry(kind: .instructions, text: "Summarise the conversation below in at most five short lines. Keep places, dates, temperatures and chances of rain or snow, and the packing list's items."),
                Transcript.Entry(kind: .prompt, text: text),
            ],
            tools: [], answerSchema: nil, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 200),
            task: .summary
        )
        let reply = try await model.respond(to: request)
        let summary = reply.text.trimmingCharacters(in: .whitespacesAndNewlines)
        if let problem = AnswerCheck.problem(summary, question: "") { throw LanguageModelError.unusableAnswer(problem) }
        return "Summary of earlier conversation: " + summary
    }

    // MARK: - Parts

    func makeTools(
        for trip: Trip, pins: Bool, places: TripPlaces, provider: (any ForecastProvider)? = nil
    ) -> [ToolDefinition] {
        var known: [String: Place] = [:]
        if let place = trip.place { known[trip.destination] = place }
        let geocode = GeocodeTool(gazetteer: gazetteer, known: known, places: places, online: onlineGeocoder)
        let progress = onProgress
        var forecast = ForecastTool(
            provider: provider ?? forecasts, start: trip.start, end: trip.end, place: trip.place,
            pinning: pins ? (store, trip.id) : nil, places: places, onReport: { progress($0.summary() + "; thinking…") }
        )
        if trip.hasStops { forecast.legs = trip.legs }
        return [geocode.definition, GracefulForecast(forecast).definition]
    }

    /// The forecast for the trip's own place: the one the session received, else fetched now (through the
    /// cache, pinned like the tool pins) so the list can be checked, and the rules can stand in. A trip of
    /// several stops gets each stop's, combined (`stops` says which day is spent where).
    private func tripForecast(_ trip: Trip, in transcript: Transcript, pins: Bool, provider: any ForecastProvider)
        async -> (forecast: Forecast?, isStale: Bool, unavailable: String?, stops: StopForecasts?)
    {
        guard trip.hasStops else {
            let single = await placeForecast(
                trip.place, tripID: trip.id, from: trip.start, to: trip.end, in: transcript, pins: pins, provider: provider
            )
            return (single.forecast, single.isStale, single.unavailable, nil)
        }
        var legs: [(leg: TripLeg, forecast: Forecast?)] = []
        var isStale = false
        var reasons: [String] = []
        for leg in trip.legs {
            let obtained = await placeForecast(
                leg.place, tripID: trip.id, from: leg.start, to: leg.end, in: transcript, pins: pins, provider: provider
            )
            legs.append((leg, obtained.forecast))
            isStale = isStale || obtained.isStale
            if let reason = obtained.unavailable, !reasons.contains(reason) { reasons.append(reason) }
        }
        let stops = StopForecasts(legs)
        return (stops.forecast, isStale, stops.forecast == nil ? reasons.first : nil, stops)
    }

    /// One place's forecast: the one the session received, else fetched now and pinned to the trip for that place.
    private func placeForecast(
        _ place: Place?, tripID: Int, from start: CalendarDate, to end: CalendarDate, in transcript: Transcript, pins: Bool,
        provider: any ForecastProvider
    ) async -> (forecast: Forecast?, isStale: Bool, unavailable: String?) {
        let label = place?.label
        let received = transcript.entries.compactMap(\.forecastResult).last { result in
            result.forecast != nil && (label == nil || result.place == label)
        }
        if let received, let forecast = received.forecast {
            return (forecast, received.origin?.isStale ?? false, nil)
        }
        guard let place else { return (nil, false, "the trip's place is not known") }
        do {
            let report = try await provider.forecast(for: place, from: start, to: end)
            onProgress(report.summary() + "; checking…")
            if pins, report.origin != .pinned {
                try await store.pinForecast(
                    tripID: tripID, placeID: place.id, source: report.forecast.provider, url: report.forecast.url,
                    fetchedAt: report.forecast.fetchedAt, forecast: try report.forecast.jsonText()
                )
            }
            return (report.forecast, report.origin.isStale, nil)
        } catch {
            let reason = Self.describe(error)
            return (nil, false, reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        }
    }

    private func resolvedContextSize() async throws -> Int {
        if let contextSize { return contextSize }
        return try await model.contextSize()
    }

    /// A failure of the model's own making (as opposed to a server that is down or a database error).
    static func isModelFailure(_ error: any Error) -> Bool {
        if let error = error as? LanguageModelError {
            switch error {
            case .decodingFailure, .toolLoopLimit, .contextSizeExceeded, .unusableAnswer: return true
            case .rateLimited, .unavailable, .concurrentRequests, .refused, .modelNotFound, .rejected, .timeout, .serverFailed: return false
            }
        }
        if let error = error as? ToolCallError {
            return error.underlyingError is ToolArgumentError || error.underlyingError is GeocodingError
        }
        return false
    }

    static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }

    /// A reason for a sentence of our own: no trailing full stop, at most 160 characters.
    static func trimmed(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if text.hasSuffix(".") { text.removeLast() }
        return text.count > 160 ? String(text.prefix(159)) + "…" : text
    }
}
