import FoundationEssentials
import JSON
import LanguageModels
import Model
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
        if !setup.model.capabilities.answersInProcess, let place = trip.place {
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
        let obtained = await ForecastForCheck(store: setup.store, forecasts: provider, pins: pins, onProgress: setup.onProgress)
            .forecast(for: trip, in: await outcome.session.transcript)
        let context = PackingContext(
            trip: trip, forecast: obtained.forecast, isStale: obtained.isStale, unavailableReason: obtained.unavailable,
            traveller: setup.traveller, today: setup.today
        )
        var (list, fallback) = try Self.checked(outcome, check: PackingCheck(context: context, destination: trip.destination, place: trip.place))
        if let fallback {
            list = Self.rulesList(for: context, setting: list.review, aside: fallback, model: outcome.modelName)
        } else {
            // Once each: the answer may carry the same notices (the built-in engine's always do).
            for notice in PackingRules.notices(for: context)
            where !list.notices.contains(where: { Self.sameNotice($0, notice) }) {
                list.notices.append(notice)
            }
        }
        // Several stops: each reason names the stop of the day it cites, whoever wrote the list.
        list = (obtained.stops?.citingStops(list) ?? list).withNormalizedNames
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

    /// The model's answer through the check, and why it is set aside (nil when it is used). An answer that does
    /// not fit its schema is the model's failing, never plan's: set aside.
    static func checked(_ outcome: SessionChain.Outcome, check: PackingCheck) throws -> (PackingList, fallback: String?) {
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
                return (checked.list, checked.problem)
            } catch let error where error is LanguageModelError || error is GenerationDecodingError {
                return (PackingList(items: []), SessionChain.describe(error))
            }
        case let .failure(error):
            return (PackingList(items: []), SessionChain.describe(error))
        }
    }

    /// The built-in engine's list for the same forecast, saying why the answer was set aside.
    static func rulesList(for context: PackingContext, setting review: PackingReview?, aside fallback: String, model: String) -> PackingList {
        var rules = PackingRules.list(for: context)
        rules.items = rules.items.map { item in
            var item = item
            item.origin = .rules
            return item
        }
        rules.review = review ?? PackingReview(model: model, answered: review?.answered ?? 0, kept: 0, fallback: fallback)
        rules.review?.fallback = fallback
        rules.notices.insert(
            "\(model)'s answer was set aside (\(SessionChain.trimmed(fallback))); this is plan's rule-based list for the same forecast.",
            at: 0
        )
        return rules
    }

    /// Whether two notices say the same thing: the same words, or the same sentence up to a parenthesis
    /// that differs only in its detail ("No forecast or climate could be had (offline, …)").
    static func sameNotice(_ a: String, _ b: String) -> Bool {
        if PackingCheck.key(a) == PackingCheck.key(b) { return true }
        let head = { (text: String) -> String in text.components(separatedBy: " (").first ?? text }
        return head(a).count >= 20 && head(a) == head(b)
    }
}
