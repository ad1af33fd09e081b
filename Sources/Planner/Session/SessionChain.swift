import FoundationEssentials
import Basics
import JSON
import LanguageModels
import Model
import Store
import Tools

/// The one path every planning session takes (house style 14): create the session row, open a
/// `LanguageModelSession`, respond, recover from an overflowing context (linked sessions, each strategy
/// then its fallback), finish, and record how it ended. `pack`, `ask` and `replay` each build a `Turn` and
/// hand it here, so a fix to the lifecycle lands once (resuming an interrupted one is `InterruptedSession`).
struct SessionChain: Sendable {
    let store: Store
    let model: any LanguageModel
    let recovery: RecoveryStrategy
    let options: GenerationOptions
    /// Overrides the model's own context size (`--context-size`).
    let contextSize: Int?
    let onProgress: @Sendable (String) -> Void

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
    func converse<Value: Sendable>(
        _ turn: Turn, options: GenerationOptions? = nil,
        finish: (Outcome) async throws -> (Value, note: String?)
    ) async throws -> Value {
        let options = options ?? self.options
        let (firstID, window, name) = try await start(turn, options: options)
        var currentID = firstID
        do {
            var session = try await openSession(turn, id: firstID, window: window)
            var recoveries: [SessionRelation] = []
            var answer: Swift.Result<LanguageModelSession.Response<String>, any Error>
            do {
                do {
                    answer = .success(try await firstAnswer(session, turn: turn, options: options))
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

    /// The model's session for `turn` (its tools, the carried entries, recorded as session `id`), warmed up
    /// when the turn asks, its reasoning shown as progress.
    private func openSession(_ turn: Turn, id: Int, window: Int) async throws -> LanguageModelSession {
        let session = try await LanguageModelSession(
            model: model, tools: turn.tools, transcript: turn.carried, contextSize: window,
            recorder: StoreTranscriptRecorder(store: store, sessionID: id), limits: .planning
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
        return session
    }

    /// The session's first answer to the turn: carried on from an interrupted session, streamed as snapshots
    /// of a structured answer, or as text.
    private func firstAnswer(
        _ session: LanguageModelSession, turn: Turn, options: GenerationOptions
    ) async throws -> LanguageModelSession.Response<String> {
        if turn.resumes {
            await session.require(tools: turn.required.filter { name in
                !turn.carried.entries.contains { $0.toolOutput?.toolName == name }
            })
            return try await session.resume(generating: turn.schema, options: options, onText: turn.onText, onSnapshot: turn.onSnapshot)
        }
        if let schema = turn.schema, let onSnapshot = turn.onSnapshot {
            return try await session.respond(to: turn.prompt, payload: turn.payload, schema: schema, options: options, onSnapshot: onSnapshot)
        }
        return try await session.respond(to: turn.prompt, payload: turn.payload, schema: turn.schema, options: options, onText: turn.onText)
    }

    /// Creates the session row before the engine is probed: a pack or ask claims its trip in one write
    /// (`Store.claimSession`), so a second one started meanwhile stops (`SessionInProgressError`) instead of
    /// running beside it. The row then gets the engine's served name and window; when the engine cannot be
    /// reached, the row (which holds nothing) is removed.
    private func start(_ turn: Turn, options: GenerationOptions) async throws -> (id: Int, window: Int, name: String) {
        let id: Int
        if turn.purpose == .replay {
            id = try await store.createSession(
                tripID: turn.trip.id, parentID: turn.parent?.id, relation: turn.parent?.relation, purpose: turn.purpose,
                model: model.name, contextSize: contextSize ?? 1, sampling: options.recorded, trip: turn.trip
            )
        } else {
            let claim = try await store.claimSession(
                tripID: turn.trip.id, parentID: turn.parent?.id, relation: turn.parent?.relation, purpose: turn.purpose,
                model: model.name, contextSize: contextSize ?? 1, sampling: options.recorded, trip: turn.trip
            )
            switch claim {
            case let .started(started): id = started
            case let .busy(busy):
                throw SessionInProgressError(tripID: turn.trip.id, sessionID: busy.id, purpose: turn.purpose, pid: busy.owner?.pid ?? 0)
            }
        }
        do {
            let window = try await resolvedContextSize()
            let name = await model.servedName()
            try await store.setSessionModel(id: id, model: name, contextSize: window)
            return (id, window, name)
        } catch {
            try? await store.discardSession(id: id)
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
                contextSize: window, sampling: options.recorded, trip: turn.trip
            )
            recoveries.append(current.relation)
            let next = try await LanguageModelSession(
                model: model, tools: turn.tools, transcript: condensed, contextSize: window,
                recorder: StoreTranscriptRecorder(store: store, sessionID: currentID), limits: .planning
            )
            // A tool whose answer the condensed transcript already holds is not required again.
            await next.require(tools: turn.required.filter { name in
                !condensed.entries.contains { $0.toolOutput?.toolName == name }
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
                .instructions(Transcript.Instructions(text: "Summarise the conversation below in at most five short lines. Keep places, dates, temperatures and chances of rain or snow, and the packing list's items.")),
                .prompt(Transcript.Prompt(text: text)),
            ],
            tools: [], answerSchema: nil, options: GenerationOptions(sampling: .greedy, maximumResponseTokens: 200),
            task: .summary
        )
        let reply = try await model.respond(to: request)
        let summary = reply.text.trimming(.whitespacesAndNewlines)
        if let problem = AnswerCheck.problem(summary, question: "") { throw LanguageModelError.unusableAnswer(problem) }
        return "Summary of earlier conversation: " + summary
    }


    /// The context window: `--context-size`, else what the model says.
    func resolvedContextSize() async throws -> Int {
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
        var text = text.trimming(.whitespacesAndNewlines)
        if text.hasSuffix(".") { text.removeLast() }
        return text.count > 160 ? String(text.prefix(159)) + "…" : text
    }
}
