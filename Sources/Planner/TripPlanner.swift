import Foundation
import Store
import Tools

/// Runs a planning session for a trip: the model calls geocode and forecast, answers with a packing list,
/// every entry is recorded, an overflowing context is recovered, and the list is saved.
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

    public init(
        store: Store, model: any LanguageModel, forecasts: any ForecastProvider, gazetteer: Gazetteer?,
        recovery: RecoveryStrategy = .condense, options: GenerationOptions = GenerationOptions(maximumResponseTokens: 1_536),
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
        /// Recoveries that happened ("condensed", ...).
        public var recoveries: [String]
        public var stored: StoredPackingList
    }

    /// Packs a trip. `parentSession` links a replay to the session it replays.
    public func pack(_ trip: Trip, purpose: String = "pack", parentSession: Int? = nil, pinsForecasts: Bool = true)
        async throws -> Result
    {
        let window = try await resolvedContextSize()
        let sessionID = try await store.createSession(
            tripID: trip.id, parentID: parentSession, relation: parentSession == nil ? nil : "replay",
            purpose: purpose, model: model.name, contextSize: window
        )
        let tools = makeTools(for: trip, pins: pinsForecasts)
        var currentID = sessionID
        var recoveries: [String] = []
        do {
            onProgress("Thinking…")
            var session = try await LanguageModelSession(
                model: model, tools: tools, instructions: PackingInstructions.text, contextSize: window,
                recorder: StoreTranscriptRecorder(store: store, sessionID: sessionID)
            )
            await session.require(tools: ["geocode", "forecast"])
            var response: LanguageModelSession.Response
            do {
                response = try await session.respond(
                    to: PackingInstructions.prompt(for: trip), payload: PackingInstructions.payload(for: trip),
                    generating: PackingInstructions.schema, options: options
                )
            } catch let error as GenerationError {
                guard case .exceededContextWindowSize = error else { throw error }
                (session, currentID, response, recoveries) = try await recover(
                    session, sessionID: sessionID, trip: trip, tools: tools, window: window, strategy: recovery, error: error
                )
            }
            guard let structured = response.structured else {
                throw GenerationError.decodingFailure("no structured answer")
            }
            var list = try PackingInstructions.list(from: structured)
            list.notices += await dataNotices(session: session, existing: list.notices)
            let stored = try await store.savePackingList(
                tripID: trip.id, sessionID: currentID, model: model.name, json: try list.jsonText()
            )
            try await store.finishSession(id: currentID, status: "completed")
            return Result(
                trip: trip, sessionID: currentID, firstSessionID: sessionID, model: model.name, list: list,
                recoveries: recoveries, stored: stored
            )
        } catch {
            try? await store.finishSession(id: currentID, status: "failed", error: Self.describe(error))
            throw error
        }
    }

    /// Continues the trip's latest session with a follow-up question (resumed from the database).
    public func ask(_ question: String, trip: Trip, onText: (@Sendable (String) -> Void)? = nil) async throws
        -> (sessionID: Int, answer: String, recoveries: [String])
    {
        let window = try await resolvedContextSize()
        let tools = makeTools(for: trip, pins: true)
        let sessionID: Int
        var transcript: Transcript
        if let latest = try await store.latestSession(tripID: trip.id) {
            sessionID = try await store.createSession(
                tripID: trip.id, parentID: latest.id, relation: "resumed", purpose: "ask", model: model.name,
                contextSize: window
            )
            let carried = try await store.entries(sessionID: latest.id).filter(\.isInContext)
            transcript = Transcript(entries: carried.map { record in
                var entry = Transcript.Entry(record: record)
                entry.seq = nil
                return entry
            })
        } else {
            sessionID = try await store.createSession(
                tripID: trip.id, purpose: "ask", model: model.name, contextSize: window
            )
            transcript = Transcript(entries: [
                Transcript.Entry(kind: .instructions, text: PackingInstructions.text),
            ])
        }
        var currentID = sessionID
        do {
            let recorder = StoreTranscriptRecorder(store: store, sessionID: sessionID)
            var session = try await LanguageModelSession(
                model: model, tools: tools, transcript: transcript, contextSize: window, recorder: recorder
            )
            onProgress("Thinking…")
            var response: LanguageModelSession.Response
            var recoveries: [String] = []
            do {
                response = try await session.respond(to: question, options: options, onText: onText)
            } catch let error as GenerationError {
                guard case .exceededContextWindowSize = error else { throw error }
                (session, currentID, response, recoveries) = try await recover(
                    session, sessionID: sessionID, trip: trip, tools: tools, window: window, strategy: recovery,
                    error: error, schema: nil
                )
            }
            try await store.finishSession(id: currentID, status: "completed")
            return (currentID, response.text, recoveries)
        } catch {
            try? await store.finishSession(id: currentID, status: "failed", error: Self.describe(error))
            throw error
        }
    }

    // MARK: - Recovery

    private func recover(
        _ session: LanguageModelSession, sessionID: Int, trip: Trip, tools: [ToolDefinition], window: Int,
        strategy: RecoveryStrategy, error: GenerationError, schema: JSONValue? = PackingInstructions.schema
    ) async throws -> (LanguageModelSession, Int, LanguageModelSession.Response, [String]) {
        var strategy: RecoveryStrategy? = strategy
        var previous = session
        var previousID = sessionID
        var recoveries: [String] = []
        var lastError = error
        while let current = strategy {
            onProgress("Context full; recovering (\(current.rawValue))…")
            let transcript = await previous.transcript
            var summary: String?
            if current == .summarize {
                summary = try? await summarize(ContextRecovery.entriesToSummarize(transcript), window: window)
            }
            let condensed = ContextRecovery.condensed(transcript, strategy: current, summary: summary)
            try await store.finishSession(id: previousID, status: "recovered", error: lastError.errorDescription)
            let newID = try await store.createSession(
                tripID: trip.id, parentID: previousID, relation: current.relation, purpose: "pack", model: model.name,
                contextSize: window
            )
            recoveries.append(current.relation)
            let next = try await LanguageModelSession(
                model: model, tools: tools, transcript: condensed, contextSize: window,
                recorder: StoreTranscriptRecorder(store: store, sessionID: newID)
            )
            do {
                let response = try await next.resume(generating: schema, options: options)
                return (next, newID, response, recoveries)
            } catch let error as GenerationError {
                guard case .exceededContextWindowSize = error else {
                    try? await store.finishSession(id: newID, status: "failed", error: error.errorDescription)
                    throw error
                }
                lastError = error
                previous = next
                previousID = newID
                strategy = current.fallback
            }
        }
        try? await store.finishSession(id: previousID, status: "failed", error: lastError.errorDescription)
        throw lastError
    }

    /// Asks the model for a few lines summarising `entries` (cut to fit half the window).
    private func summarize(_ entries: [Transcript.Entry], window: Int) async throws -> String {
        var text = entries.map { "\($0.kind.rawValue): \($0.text)" }.joined(separator: "\n")
        let budget = window / 2
        while await model.tokenCount(of: text) > budget, text.count > 200 {
            text = String(text.prefix(text.count * 2 / 3))
        }
        let request = ModelRequest(
            entries: [
                Transcript.Entry(kind: .instructions, text: "Summarise the conversation below in at most five short lines. Keep places, dates, temperatures and chances of rain or snow."),
                Transcript.Entry(kind: .prompt, text: text, payload: ["summarize": true]),
            ],
            tools: [], answerSchema: nil, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 200)
        )
        let reply = try await model.respond(to: request)
        return "Summary of earlier conversation: " + reply.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: - Parts

    func makeTools(for trip: Trip, pins: Bool) -> [ToolDefinition] {
        var known: [String: Place] = [:]
        if let place = trip.place { known[trip.destination] = place }
        let geocode = GeocodeTool(gazetteer: gazetteer, known: known)
        let progress = onProgress
        let forecast = ForecastTool(
            provider: forecasts, start: trip.start, end: trip.end, place: trip.place,
            pinning: pins ? (store, trip.id) : nil, onReport: { progress($0.summary() + "; thinking…") }
        )
        return [geocode.definition, GracefulForecast(forecast).definition]
    }

    private func resolvedContextSize() async throws -> Int {
        if let contextSize { return contextSize }
        return try await model.contextSize()
    }

    /// Notices about the data that a model may have left out: days without forecast, stale forecasts.
    private func dataNotices(session: LanguageModelSession, existing: [String]) async -> [String] {
        let transcript = await session.transcript
        guard let payload = transcript.entries.last(where: { $0.kind == .toolOutput && $0.toolName == "forecast" })?.payload
        else { return [] }
        var notices: [String] = []
        let missing = payload["missingDays"]?.arrayValue?.compactMap(\.stringValue).compactMap(CalendarDate.init) ?? []
        if !missing.isEmpty, !existing.contains(where: { $0.contains("No forecast") }) {
            notices.append("No forecast yet for \(missing.map(\.shortLabel).joined(separator: ", ")); run pack again nearer the time.")
        }
        if payload["unavailable"] != nil, !existing.contains(where: { $0.contains("No forecast") }) {
            // A model was told there is no forecast; make sure the traveller is too.
            notices.append("No forecast could be had (\(payload["unavailable"]?.stringValue ?? "")); the list is general.")
        }
        return notices
    }

    static func describe(_ error: any Error) -> String {
        (error as? any LocalizedError)?.errorDescription ?? String(describing: error)
    }
}
