import Foundation
import LanguageModels
import Model
@testable import Planner
import Store
import TestSupport
import Testing
import Tools

/// A model that keeps calling tools after they were withdrawn never answers: the session throws
/// `LanguageModelError.toolLoopLimit`, as Foundation Models does, and a pack treats it as a model failure
/// (the rules' list for the same forecast).
@Suite(.serialized) struct ToolLoopLimitTests {
    func session(_ model: ScriptedModel, counter: Counter, rounds: Int) async throws -> LanguageModelSession {
        try await LanguageModelSession(
            model: model, tools: [EchoTool(counter: counter).definition], instructions: "Be brief.", limits: .planning(rounds: rounds)
        )
    }

    @Test(arguments: [1, 3])
    func aModelStillCallingToolsPastTheRoundCapThrows(_ rounds: Int) async throws {
        let counter = Counter()
        let steps = (0...rounds).map { ScriptedModel.call("echo", ["word": .string("w\($0)")]) }
        let model = ScriptedModel(steps + [.reply(ModelReply(text: "too late"))])
        let session = try await session(model, counter: counter, rounds: rounds)
        await #expect(throws: LanguageModelError.toolLoopLimit(rounds: rounds)) { _ = try await session.respond(to: "go") }
        // The cap's rounds ran; the call after it did not, and nothing was recorded as an answer.
        #expect(await counter.value == rounds)
        #expect(model.recorded.count == rounds + 1)
        #expect(model.recorded.last?.tools.isEmpty == true)
        let kinds = await session.transcript.entries.map(\.kind)
        #expect(kinds.filter { $0 == .toolCalls }.count == rounds)
        #expect(!kinds.contains(.response))
        // The session is free for the next request.
        #expect(await !session.isResponding)
    }

    @Test func aModelStillCallingAfterARepeatedCallThrows() async throws {
        let counter = Counter()
        let model = ScriptedModel([
            ScriptedModel.call("echo", ["word": "same"]), ScriptedModel.call("echo", ["word": "same"]),
            ScriptedModel.call("echo", ["word": "other"]),
        ])
        let session = try await session(model, counter: counter, rounds: 8)
        await #expect(throws: LanguageModelError.toolLoopLimit(rounds: 2)) { _ = try await session.respond(to: "go") }
        #expect(await counter.value == 1)
    }

    @Test func aModelThatAnswersAtTheCapStillAnswers() async throws {
        let model = ScriptedModel([ScriptedModel.call("echo", ["word": "a"]), .reply(ModelReply(text: "fine"))])
        let response = try await session(model, counter: Counter(), rounds: 1).respond(to: "go")
        #expect(response.text == "fine")
    }

    @Test func aPackWhoseModelKeepsCallingFallsBackToTheRules() async throws {
        let fixture = try PlanningTests.Fixture()
        let trip = try await fixture.trip("Denver, CO")
        let forecast = { ScriptedModel.call("forecast", ["latitude": 39.7392, "longitude": -104.9847]) }
        let model = ScriptedModel([forecast(), forecast(), forecast()])
        let result = try await PackPlanner(fixture.setup(model)).pack(trip)
        let fallback = try #require(result.list.review?.fallback)
        #expect(fallback.contains("called tools for 2 rounds without answering"))
        #expect(!result.list.items.isEmpty && result.list.items.allSatisfy { $0.origin == .rules })
        // The one forecast fetched is the one the rules used.
        #expect(result.list.items.contains { $0.weather })
        let session = try #require(try await fixture.store.session(id: result.sessionID))
        #expect(session.status == .completed)
        #expect(session.error?.contains("set aside") == true)
    }

    @Test func anAskWhoseModelKeepsCallingFailsAsAModelFailure() async throws {
        let fixture = try PlanningTests.Fixture()
        // Not packed: no pinned forecast, so the ask offers the forecast tool.
        let trip = try await fixture.trip("Denver, CO")
        let forecast = { ScriptedModel.call("forecast", ["latitude": 39.7392, "longitude": -104.9847]) }
        let model = ScriptedModel([forecast(), forecast(), forecast()])
        await #expect(throws: LanguageModelError.toolLoopLimit(rounds: 2)) {
            _ = try await AskPlanner(fixture.setup(model)).ask("Will it snow?", trip: trip)
        }
        #expect(SessionChain.isModelFailure(LanguageModelError.toolLoopLimit(rounds: 2)))
    }
}
