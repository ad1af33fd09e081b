import Foundation
import LanguageModels
import Store
import Tools

/// What a pack and a replay share: the turn they ask of the session chain (the packing instructions, the
/// trip's brief, the list's schema, the tools, the forecast required) and what they make of its outcome
/// (the check against the forecast, the rules' list when the answer cannot be used, the check entry, the
/// list saved for the session).
struct PackingTurn: Sendable {
    let setup: PlanningSetup
    let trip: Trip
    /// Where the session's forecasts come from (a replay's: the pinned ones).
    let forecasts: any ForecastProvider
    /// Whether forecasts fetched are pinned to the trip (a replay's never are).
    let pins: Bool

    /// What `finish` made of an outcome.
    struct Made: Sendable {
        var list: PackingList
        var stored: StoredPackingList
        /// Why the model's answer was set aside (the session's note), nil when it was used.
        var note: String?
    }

    /// The turn, and the provider the check reads (with a model server, the forecast is fetched while the
    /// server reads the instructions: a prefetch over `forecasts`).
    func turn(
        purpose: SessionPurpose, parent: (id: Int, relation: SessionRelation)?,
        onAnswer: (@Sendable (PackingAnswer.PartiallyGenerated) -> Void)?
    ) -> (turn: SessionChain.Turn, checkReads: any ForecastProvider) {
        let places = tripPlaces
        var provider: any ForecastProvider = forecasts
        var prefetch: PrefetchedForecast?
        if !(setup.model is BuiltinPackingModel), let place = trip.place {
            // The dates the forecast tool asks at that place (a stop's own days on a trip of several).
            let dates = StopDates.range(at: place, legs: trip.hasStops ? trip.legs : [], tripStart: trip.start, tripEnd: trip.end)
            prefetch = PrefetchedForecast(base: forecasts, place: place, start: dates.start, end: dates.end)
            provider = prefetch ?? forecasts
        }
        var turn = SessionChain.Turn(
            purpose: purpose, trip: trip, parent: parent,
            carried: Transcript(entries: [.instructions(Transcript.Instructions(text: PackingInstructions.text))]),
            prompt: PackingInstructions.prompt(for: trip, traveller: setup.traveller),
            payload: PackingInstructions.payload(for: trip, traveller: setup.traveller, today: setup.today),
            schema: PackingAnswer.generationSchema, tools: tools(provider: provider, places: places),
            required: ["forecast"], onText: nil, onSnapshot: onAnswer.map { report in
                { @Sendable content in report(GeneratedSnapshot<PackingAnswer>(content: content)) }
            }, fallsBack: true
        )
        if let prefetch { turn.warmUp = { await prefetch.wait() } }
        return (turn, provider)
    }

    /// The places the trip's tools know.
    var tripPlaces: TripPlaces {
        TripPlaces(destination: trip.place, stops: trip.legs.dropFirst().compactMap(\.place))
    }

    /// The tools of the turn, their forecasts read through `provider`.
    func tools(provider: any ForecastProvider, places: TripPlaces) -> [ToolDefinition] {
        SessionTools(setup: setup, forecasts: provider).definitions(for: trip, pins: pins, places: places)
    }

    /// Checks the answer against the trip's forecast (read through `checkReads` when the session did not
    /// receive it), or falls back to the rules' list for the same forecast, records the check and saves the list.
    func finish(_ outcome: SessionChain.Outcome, checkReads provider: any ForecastProvider) async throws -> Made {
        let traveller = setup.traveller
        let today = setup.today
        let obtained = await ForecastForCheck(store: setup.store, forecasts: provider, pins: pins, onProgress: setup.onProgress)
            .forecast(for: trip, in: await outcome.session.transcript)
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
                fallback = SessionChain.describe(error)
            }
        case let .failure(error):
            list = PackingList(items: [])
            fallback = SessionChain.describe(error)
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
                "\(outcome.modelName)'s answer was set aside (\(SessionChain.trimmed(fallback))); this is plan's rule-based list for the same forecast.",
                at: 0
            )
            list = rules
        } else {
            // Once each: the answer may carry the same notices (the built-in engine's always do).
            for notice in PackingRules.notices(for: context)
            where !list.notices.contains(where: { Self.sameNotice($0, notice) }) {
                list.notices.append(notice)
            }
        }
        list = citing(list).withNormalizedNames
        let review = list.review ?? PackingReview(model: outcome.modelName, answered: list.items.count, kept: list.items.count)
        try await outcome.session.record(check: review.summary, payload: try JSONValue.parse(Data(
            JSONEncoder().encode(review)
        )))
        let stored = try await setup.store.savePackingList(
            tripID: trip.id, sessionID: outcome.sessionID, model: outcome.modelName, json: try list.jsonText(),
            tripRevision: trip.revision
        )
        return Made(list: list, stored: stored, note: fallback.map { "the model's answer was set aside: \(SessionChain.trimmed($0))" })
    }

    /// Whether two notices say the same thing: the same words, or the same sentence up to a parenthesis
    /// that differs only in its detail ("No forecast or climate could be had (offline, …)").
    static func sameNotice(_ a: String, _ b: String) -> Bool {
        if PackingCheck.key(a) == PackingCheck.key(b) { return true }
        let head = { (text: String) -> String in text.components(separatedBy: " (").first ?? text }
        return head(a).count >= 20 && head(a) == head(b)
    }
}
