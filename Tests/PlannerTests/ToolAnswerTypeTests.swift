import Foundation
import JSON
import LanguageModels
import Model
@testable import Planner
import Store
import TestSupport
import Testing
import Tools

/// A tool's answer is found in a transcript by its type, never by the tool's name: a geocode answer is never
/// read as a forecast (nor the other way round), and a renamed tool's answers are still found.
@Suite struct ToolAnswerTypeTests {
    static let denver = Place(
        name: "Denver", region: "CO", country: "US", latitude: 39.7392, longitude: -104.9847,
        timeZone: "America/Denver", source: "gazetteer"
    )
    static let geocoded = GeocodeAnswer(place: denver, text: "Denver, CO, US: latitude 39.7392, longitude -104.9847")
    static let forecast = ForecastResult(place: "Denver, CO, US", outcome: .unavailable(reason: "down"), text: "No forecast available.")

    /// A stand-in tool of any name answering `answer`.
    struct Answering<Answer: ToolAnswer>: Tool {
        typealias Arguments = EchoTool.Arguments
        let name: String
        let answer: Answer
        var description: String { "Answers." }
        var includesSchemaInInstructions: Bool { true }
        func call(arguments: Arguments) async throws -> Answer { answer }
    }

    static func output<Answer: ToolAnswer>(_ answer: Answer, tool: String) -> Transcript.Entry {
        .toolOutput(AnyToolAnswer(answer).output(for: ToolCall(id: "c1", name: tool, arguments: [:])))
    }

    @Test func aGeocodeAnswerIsNeverReadAsAForecastNorTheOtherWayRound() {
        // Named as the other tool, to show that the name plays no part.
        let place = Self.output(Self.geocoded, tool: "forecast")
        let weather = Self.output(Self.forecast, tool: "geocode")
        #expect(place.geocodedPlace == Self.denver)
        #expect(place.forecastResult == nil)
        #expect(weather.forecastResult?.unavailableReason == "down")
        #expect(weather.geocodedPlace == nil)
        // Untagged (rows stored before tags): by what the payload decodes as, which is still one type only.
        for entry in [place, weather] {
            guard case var .toolOutput(output) = entry else { Issue.record("\(entry)"); continue }
            output.answerType = nil
            let untagged = Transcript.Entry.toolOutput(output)
            #expect((untagged.geocodedPlace == nil) != (untagged.forecastResult == nil))
            #expect(untagged.geocodedPlace == entry.geocodedPlace)
            #expect(untagged.forecastResult?.outcome == entry.forecastResult?.outcome)
        }
    }

    @Test func aTaggedAnswerIsReadOnlyAsItsOwnType() {
        // A payload that would decode as a place, tagged as another type, is not a place.
        guard case var .toolOutput(output) = Self.output(Self.geocoded, tool: "geocode") else { Issue.record("no output"); return }
        output.answerType = "Elsewhere"
        #expect(output.answer(GeocodeAnswer.self) == nil)
        // A refusal is still an answer of its type (no place), and a text-only output is none.
        let refused = Self.output(GeocodeAnswer(place: nil, text: "No place called \"x\"."), tool: "geocode")
        #expect(refused.toolOutput?.answer(GeocodeAnswer.self)?.isRefusal == true)
        #expect(refused.geocodedPlace == nil)
        let warning = Transcript.Entry.toolOutput(Transcript.ToolOutput(toolName: "geocode", callID: "c1", text: "Error: bad"))
        #expect(warning.toolOutput?.answer(GeocodeAnswer.self) == nil && warning.forecastResult == nil)
    }

    @Test func aRenamedToolsAnswersAreStillFound() async throws {
        let model = ScriptedModel([
            ScriptedModel.call("weather", ["word": "a"], id: "w1"),
            ScriptedModel.call("lookup", ["word": "b"], id: "l1"),
            .reply(ModelReply(text: "done")),
        ])
        let session = try await LanguageModelSession(
            model: model,
            tools: [Answering(name: "weather", answer: Self.forecast).definition, Answering(name: "lookup", answer: Self.geocoded).definition],
            instructions: "Be brief.", limits: .planning
        )
        _ = try await session.respond(to: "go")
        let entries = await session.transcript.entries
        #expect(entries.compactMap(\.forecastResult).map(\.outcome) == [Self.forecast.outcome])
        #expect(entries.compactMap(\.geocodedPlace) == [Self.denver])
        // The model read the answers' text.
        #expect(model.recorded[2].entries.compactMap(\.toolOutput).map(\.text) == [Self.forecast.text, Self.geocoded.text])
    }

    @Test func theBuiltInEngineTakesAPlaceFromAGeocoderOfAnyName() async throws {
        let forecastTool = ToolDefinition(
            name: "forecast", description: "Forecast.", schema: ForecastTool.Arguments.generationSchema,
            includesSchemaInInstructions: false, invoke: { _ in AnyToolAnswer(Self.forecast) }
        )
        let prompt: JSONValue = ["destination": "Denver", "start": "2026-12-03", "end": "2026-12-05", "nights": 2, "activities": []]
        let call = ToolCall(id: "p1", name: "places", arguments: ["place": "Denver"])
        let request = ModelRequest(
            entries: [
                .instructions(Transcript.Instructions(text: "Pack.")),
                .prompt(Transcript.Prompt(text: "Pack for Denver.", payload: prompt)),
                .toolCalls(Transcript.ToolCalls([call])),
                .toolOutput(AnyToolAnswer(Self.geocoded).output(for: call)),
            ],
            tools: [forecastTool], answerSchema: PackingAnswer.generationSchema, options: GenerationOptions()
        )
        let reply = try await BuiltinPackingModel().respond(to: request)
        #expect(reply.toolCalls.map(\.name) == ["forecast"])
        #expect(reply.toolCalls.first?.arguments["latitude"]?.doubleValue == 39.7392)
        #expect(reply.toolCalls.first?.arguments["longitude"]?.doubleValue == -104.9847)
    }
}
