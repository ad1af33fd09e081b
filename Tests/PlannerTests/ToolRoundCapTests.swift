import Foundation
import LanguageModels
import Model
@testable import Planner
import Store
import TestSupport
import Testing
import Tools

/// A round that must call a tool is capped by the session itself (plan's `Limits.planning.toolCallTokens`), so a
/// call the model does not finish within it is the model's failure, not a full context window: recovering
/// into a linked session would send the same prompt, and greedy decoding would write the same tokens again.
@Suite(.serialized) struct ToolRoundCapTests {
    /// plan's cap on a round that must call a tool.
    static let toolCallTokens = LanguageModelSession.Limits.planning.toolCallTokens ?? 0

    /// What a server sends when it stops a tool call at the round's `max_tokens`.
    static func cutCall(tokens: Int = Self.toolCallTokens) -> ScriptedModel.Step {
        .reply(ModelReply(
            text: #"{"tool_call":{"name":"forecast","arguments":{"latitude":39.73921111111111111111111"#,
            usage: LanguageModelSession.Usage(inputTokens: 900, outputTokens: tokens), finishReason: .length
        ))
    }

    @Test func aRoundThatMustCallAToolAsksForTheToolCallCapAndACutCallIsAModelFailure() async throws {
        let model = ScriptedModel([Self.cutCall()])
        let session = try await LanguageModelSession(
            model: model, tools: [EchoTool(counter: Counter()).definition], instructions: "Be brief.", limits: .planning
        )
        await session.require(tools: ["echo"])
        var options = GenerationOptions()
        options.maximumResponseTokens = 1_280
        do {
            _ = try await session.respond(to: "go", options: options)
            Issue.record("a cut-off call was taken as an answer")
        } catch let error as LanguageModelError {
            guard case let .decodingFailure(detail) = error else {
                Issue.record("expected a decoding failure, got \(error)")
                return
            }
            #expect(detail.contains("tool call was cut off after 256 tokens"))
        }
        // The round asked for the tool-call cap, not the answer's 1,280 tokens.
        #expect(model.recorded.map(\.options.maximumResponseTokens) == [Self.toolCallTokens])
        #expect(model.recorded.first?.requiresToolCall == true)
    }

    @Test func anAnswerRoundStillGetsTheCallersWholeLimit() async throws {
        let model = ScriptedModel([.reply(ModelReply(text: "fine"))])
        let session = try await LanguageModelSession(
            model: model, tools: [], instructions: "Be brief.", limits: .planning
        )
        var options = GenerationOptions()
        options.maximumResponseTokens = 1_280
        let response = try await session.respond(to: "go", options: options)
        #expect(response.text == "fine")
        #expect(model.recorded.map(\.options.maximumResponseTokens) == [1_280])
    }

    @Test func aPackWhoseForecastCallIsCutOffFallsBackInOneSessionWithoutRecovery() async throws {
        let fixture = try PlanningTests.Fixture()
        let trip = try await fixture.trip("Denver, CO")
        // Were the cut read as an overflow, each recovery would meet the same cut call again.
        let model = ScriptedModel([Self.cutCall(), Self.cutCall(), Self.cutCall(), Self.cutCall()])
        let result = try await PackPlanner(fixture.setup(model)).pack(trip)
        #expect(result.recoveries.isEmpty)
        #expect(result.sessionID == result.firstSessionID)
        #expect(model.recorded.count == 1)
        let fallback = try #require(result.list.review?.fallback)
        #expect(fallback.contains("tool call was cut off"))
        #expect(!result.list.items.isEmpty && result.list.items.allSatisfy { $0.origin == .rules })
    }
}
