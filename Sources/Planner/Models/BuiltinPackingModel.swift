import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

/// The built-in engine: deterministic rules, honest about not being a model. It takes the same steps
/// a model would — `geocode`, then `forecast`, then a structured answer — through the same session,
/// so caching, transcripts, history and replays treat it the same.
public struct BuiltinPackingModel: LanguageModel {
    public init() {}

    public var name: String { "builtin" }

    /// Rules in this process: it answers at once, so a pack does not fetch the forecast ahead of it.
    public var capabilities: ModelCapabilities { ModelCapabilities(answersInProcess: true) }

    public func contextSize() async throws -> Int { 4_096 }

    public func tokenCount(for text: String) async -> Int { TokenEstimate.count(text) }

    public func respond(to request: ModelRequest) async throws -> ModelReply {
        let prompts = request.entries.compactMap { entry -> Transcript.Prompt? in
            guard case let .prompt(prompt) = entry else { return nil }
            return prompt
        }
        guard let prompt = prompts.last else {
            return ModelReply(text: "There is nothing to answer.")
        }
        // A summary request (context recovery) gets a deterministic summary.
        if request.task == .summary {
            return ModelReply(text: Self.summary(of: request.entries.filter { $0 != .prompt(prompt) }))
        }
        guard request.answerSchema != nil, let trip = prompt.value(TripBrief.self) else {
            return ModelReply(text: "The built-in engine only makes packing lists; set PLAN_MODEL to a model server for questions.")
        }
        // Results are read by their type; `attempted` asks whether this engine's own call (by the name it
        // called) was answered at all.
        let outputs = request.entries.compactMap(\.toolOutput)
        let geocoded = outputs.compactMap { $0.answer(GeocodeAnswer.self)?.place }.last
        let results = outputs.compactMap { $0.answer(ForecastResult.self) }
        let offers: (String) -> Bool = { name in request.tools.contains { $0.name == name } }
        let attempted: (String) -> Bool = { name in outputs.contains { $0.toolName == name } }

        let latitude = geocoded?.latitude ?? trip.latitude
        let longitude = geocoded?.longitude ?? trip.longitude
        // The trip's place was resolved when it was added; geocode only when the prompt carries no coordinates.
        if latitude == nil || longitude == nil, !attempted("geocode"), offers("geocode") {
            return ModelReply(toolCalls: [ToolCall(id: "call_geocode", name: "geocode", arguments: ["place": .string(trip.destination)])])
        }
        if let stops = trip.stops, stops.count > 1 {
            return reply(Self.stopsContext(trip: trip, stops: stops, results: results, offers: offers("forecast")), request: request)
        }
        let received = results.last { $0.forecast != nil }
        if received == nil, !attempted("forecast"), offers("forecast"), let latitude, let longitude {
            return ModelReply(toolCalls: [ToolCall(
                id: "call_forecast", name: "forecast", arguments: ["latitude": .number(latitude), "longitude": .number(longitude)]
            )])
        }
        var context = Self.context(trip: trip, forecast: received, latitude: latitude)
        context.unavailableReason = results.last?.unavailableReason.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        return reply(.answer(context), request: request)
    }

    /// The next step for a trip of several stops: forecast calls for every stop at once, then the answer
    /// from the stops' forecasts combined.
    enum Step {
        case calls([ToolCall])
        case answer(PackingContext)
    }

    static func stopsContext(
        trip: TripBrief, stops: [TripBrief.Stop], results: [ForecastResult], offers: Bool
    ) -> Step {
        // The stops in order, as many a round as a reply may call (the session runs four), until each has
        // had its call: one forecast result per stop called.
        if offers, results.count < stops.count {
            let next = stops.indices.dropFirst(results.count).prefix(LanguageModelSession.Limits.planning.callsPerReply)
            let calls = next.compactMap { index -> ToolCall? in
                let stop = stops[index]
                guard let latitude = stop.latitude, let longitude = stop.longitude else { return nil }
                return ToolCall(
                    id: "call_forecast_\(index + 1)", name: "forecast",
                    arguments: ["latitude": .number(latitude), "longitude": .number(longitude)]
                )
            }
            if !calls.isEmpty { return .calls(calls) }
        }
        let legs = stops.enumerated().map { index, stop in
            (
                leg: TripLeg(position: index + 1, destination: stop.name, place: nil, start: stop.start, end: stop.end),
                forecast: results.last { $0.place == stop.label && $0.forecast != nil }?.forecast
            )
        }
        let combined = StopForecasts(legs).forecast
        // The stalest stop's origin stands for the whole (a stale copy anywhere is worth a notice).
        let origin = results.compactMap(\.origin).first { $0.isStale } ?? .cached
        let isStale = origin.isStale
        var context = Self.context(
            trip: trip,
            forecast: combined.map { ForecastResult(place: nil, outcome: .forecast($0, origin: origin, missingDays: [])) },
            latitude: stops.first?.latitude
        )
        context.isStale = isStale
        if combined == nil {
            context.unavailableReason = results.last?.unavailableReason.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
        }
        return .answer(context)
    }

    /// The reply for a step: the tool calls, or the rules' list as the structured answer (streamed as text too).
    private func reply(_ step: Step, request: ModelRequest) -> ModelReply {
        guard case let .answer(context) = step else {
            if case let .calls(calls) = step { return ModelReply(toolCalls: calls) }
            return ModelReply(text: "")
        }
        let list = PackingRules.list(for: context)
        let answer = PackingInstructions.json(list)
        if let onText = request.onText {
            // The same stream a model gives: the answer's text in pieces.
            var rest = Substring(answer.compactText)
            while !rest.isEmpty {
                onText(String(rest.prefix(48)))
                rest = rest.dropFirst(48)
            }
        }
        return ModelReply(structured: answer)
    }

    /// The rules' view of the trip and the forecast tool's result.
    static func context(trip: TripBrief, forecast result: ForecastResult?, latitude: Double?) -> PackingContext {
        let start = trip.start
        let end = trip.end
        let days = result?.forecast?.days(from: start, to: end) ?? []
        var context = PackingContext(
            start: start, end: end, activities: trip.activities, days: days,
            missingDays: Forecast.missingDays(days, from: start, to: end), latitude: latitude,
            country: trip.country, isStale: result?.origin?.isStale ?? false, forecastEnds: result?.forecast?.lastDate
        )
        if let horizon = result?.forecast?.horizonDays { context.horizonDays = horizon }
        if let parsed = result?.forecast { context.adopt(parsed) }
        context.traveller = trip.traveller ?? .standard
        context.today = trip.today
        context.party = trip.party ?? .single
        context.stopPlans = stopPlans(trip)
        context.countries = PackingContext.unique(trip.stops?.compactMap(\.country) ?? [])
        if let stops = trip.stops, stops.count > 1 {
            context.legs = stops.enumerated().map { index, stop in
                StopPlan(
                    name: stop.name, start: stop.start, end: stop.end, isLast: index == stops.count - 1,
                    activities: stop.activities ?? trip.activities, latitude: stop.latitude,
                    longitude: stop.longitude, country: stop.country
                )
            }
        }
        context.elevation = result?.forecast?.elevation
        context.longitude = trip.longitude
        context.placeName = trip.destination.split(separator: ",").first.map(String.init)
        return context
    }

    /// Each stop's days and activities, when the stops do different things (every stop says its own).
    static func stopPlans(_ trip: TripBrief) -> [StopPlan] {
        guard let stops = trip.stops, stops.count > 1, stops.allSatisfy({ $0.activities != nil }) else { return [] }
        return stops.enumerated().map { index, stop in
            StopPlan(
                name: stop.name, start: stop.start, end: stop.end, isLast: index == stops.count - 1,
                activities: stop.activities ?? [], latitude: stop.latitude
            )
        }
    }

    /// A summary of entries: prompts and tool results, each cut to its first lines.
    static func summary(of entries: [Transcript.Entry]) -> String {
        let kept = entries.filter { $0.kind == .prompt || $0.kind == .toolOutput || $0.kind == .response || $0.kind == .summary }
        let lines = kept.map { entry -> String in
            let head = entry.text.split(separator: "\n").prefix(4).joined(separator: " | ")
            let label = entry.toolOutput.map { "\($0.toolName) →" } ?? "\(entry.kind.rawValue):"
            return "\(label) \(head.prefix(240))"
        }
        return "Summary of earlier conversation: " + lines.joined(separator: " / ")
    }
}
