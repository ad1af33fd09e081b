import Foundation
import LanguageModels
import Store
import Tools

extension TripPlanner {
    /// Packs a trip. `parentSession` links a replay to the session it replays.
    public func pack(
        _ trip: Trip, purpose: SessionPurpose = .pack, parentSession: Int? = nil, pinsForecasts: Bool = true,
        onAnswer: (@Sendable (PackingAnswer.PartiallyGenerated) -> Void)? = nil
    ) async throws -> Result {
        // A session whose process died is read as interrupted; one a live process runs stops this pack (75).
        if purpose == .pack { try await InterruptedSession.claim(tripID: trip.id, purpose: .pack, store: store) }
        let places = TripPlaces(destination: trip.place, stops: trip.legs.dropFirst().compactMap(\.place))
        // With a model server, the forecast is fetched while the server reads the instructions (prewarm).
        var provider: any ForecastProvider = forecasts
        var prefetch: PrefetchedForecast?
        if !(model is BuiltinPackingModel), let place = trip.place {
            prefetch = PrefetchedForecast(base: forecasts, place: place, start: trip.start, end: trip.end)
            provider = prefetch ?? forecasts
        }
        var turn = SessionChain.Turn(
            purpose: purpose, trip: trip, parent: parentSession.map { ($0, SessionRelation.replay) },
            carried: Transcript(entries: [.instructions(Transcript.Instructions(text: PackingInstructions.text))]),
            prompt: PackingInstructions.prompt(for: trip, traveller: traveller),
            payload: PackingInstructions.payload(for: trip, traveller: traveller, today: today),
            schema: PackingAnswer.generationSchema, tools: makeTools(for: trip, pins: pinsForecasts, places: places, provider: provider),
            required: ["forecast"], onText: nil, onSnapshot: onAnswer.map { report in
                { @Sendable content in report(GeneratedSnapshot<PackingAnswer>(content: content)) }
            }, fallsBack: true
        )
        if let prefetch { turn.warmUp = { await prefetch.wait() } }
        let resumed = purpose == .pack && resumesInterrupted
            ? try await InterruptedSession.latest(tripID: trip.id, purpose: .pack, store: store).flatMap { $0.answeredCalls > 0 ? $0 : nil }
            : nil
        if let resumed {
            // The interrupted session's entries carry on: the tool calls it answered are not asked again.
            turn.carried = resumed.transcript
            turn.parent = (resumed.id, SessionRelation.resumed)
            turn.resumes = true
            turn.tools = makeTools(for: trip, pins: pinsForecasts, places: places, provider: forecasts)
            turn.warmUp = nil
            provider = forecasts
            onProgress(resumed.progressLine)
        }
        let turnProvider = provider
        return try await chain.converse(turn) { outcome in
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
                    resumed: resumed.map { ($0.id, $0.answeredCalls) }
                ),
                fallback.map { "the model's answer was set aside: \(Self.trimmed($0))" }
            )
        }
    }
}
