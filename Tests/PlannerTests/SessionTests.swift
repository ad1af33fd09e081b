import Foundation
@testable import LanguageModels
import TestSupport
import Testing
@testable import Planner
import Tools

@Suite struct SessionTests {
    func session(_ model: ScriptedModel, tools: [ToolDefinition], rounds: Int = 8, recorder: (any TranscriptRecorder)? = nil)
        async throws -> LanguageModelSession
    {
        try await LanguageModelSession(
            model: model, tools: tools, instructions: "Be brief.",
            recorder: recorder ?? MemoryTranscriptRecorder(), limits: .planning(rounds: rounds)
        )
    }

    @Test func theToolLoopCallsToolsAndSendsTheWholeTranscriptEachRound() async throws {
        let counter = Counter()
        let model = ScriptedModel([
            ScriptedModel.call("echo", ["word": "one"]),
            ScriptedModel.call("echo", ["word": "two"]),
            .reply(ModelReply(text: "done")),
        ])
        let session = try await session(model, tools: [EchoTool(counter: counter).definition])
        let response = try await session.respond(to: "go")
        #expect(response.text == "done")
        #expect(response.rounds == 3)
        #expect(await counter.value == 2)
        let kinds = await session.transcript.entries.map(\.kind)
        #expect(kinds == [.instructions, .prompt, .toolCalls, .toolOutput, .toolCalls, .toolOutput, .response])
        // Every round carries everything so far: the third request holds both tool outputs.
        let third = model.recorded[2].entries
        #expect(third.filter { $0.kind == .toolOutput }.map(\.text) == ["echo: one", "echo: two"])
        #expect(await session.transcript.entries.allSatisfy { $0.tokens > 0 })
    }

    @Test func aRepeatedIdenticalCallStopsTheLoop() async throws {
        let counter = Counter()
        let model = ScriptedModel([
            ScriptedModel.call("echo", ["word": "same"]),
            ScriptedModel.call("echo", ["word": "same"]),
            .reply(ModelReply(text: "answer")),
        ])
        let session = try await session(model, tools: [EchoTool(counter: counter).definition])
        let response = try await session.respond(to: "go")
        #expect(response.text == "answer")
        #expect(await counter.value == 1)
        // After the repeat, the model is asked again with no tools offered.
        #expect(model.recorded.last?.tools.isEmpty == true)
    }

    @Test func requiredToolsAreOfferedOneByOneUntilEachWasCalled() async throws {
        let counter = Counter()
        let other = ToolDefinition(
            name: "other", description: "Another tool.", schema: DynamicGenerationSchema(name: "none", properties: []).schema, includesSchemaInInstructions: false,
            invoke: { _ in AnyToolAnswer("other") }
        )
        let model = ScriptedModel([
            ScriptedModel.call("echo", ["word": "a"]),
            .reply(ModelReply(text: "done")),
        ])
        let session = try await session(model, tools: [EchoTool(counter: counter).definition, other])
        await session.require(tools: ["echo"])
        _ = try await session.respond(to: "go")
        #expect(model.recorded[0].requiresToolCall)
        #expect(model.recorded[0].tools.map(\.name) == ["echo"])
        #expect(!model.recorded[1].requiresToolCall)
        #expect(model.recorded[1].tools.map(\.name) == ["echo", "other"])
    }

    @Test func theRoundCapForcesAnAnswer() async throws {
        let counter = Counter()
        let steps = (0..<3).map { ScriptedModel.call("echo", ["word": .string("w\($0)")]) } + [.reply(ModelReply(text: "fine"))]
        let model = ScriptedModel(steps)
        let session = try await session(model, tools: [EchoTool(counter: counter).definition], rounds: 3)
        let response = try await session.respond(to: "go")
        #expect(response.text == "fine")
        #expect(await counter.value == 3)
        #expect(model.recorded.count == 4)
        #expect(model.recorded[3].tools.isEmpty)
    }

    @Test func anUnknownToolIsShownToTheModelOnceThenToTheUser() async throws {
        let model = ScriptedModel([
            ScriptedModel.call("teleport", ["to": "Mars"]),
            ScriptedModel.call("teleport", ["to": "Venus"]),
        ])
        let session = try await session(model, tools: [EchoTool(counter: Counter()).definition])
        do {
            _ = try await session.respond(to: "go")
            Issue.record("expected a ToolCallError")
        } catch let error as ToolCallError {
            #expect(error.toolName == "teleport")
            #expect(error.errorDescription?.contains("no tool named") == true)
        }
        let outputs = await session.transcript.entries.filter { $0.kind == .toolOutput }.map(\.text)
        #expect(outputs.count == 1)
        #expect(outputs.first?.hasPrefix("Error: ") == true)
    }

    @Test func argumentsThatFailTheSchemaAreShownOnceThenFail() async throws {
        let model = ScriptedModel([
            ScriptedModel.call("echo", ["wrong": 1]),
            ScriptedModel.call("echo", ["word": 5]),
        ])
        let session = try await session(model, tools: [EchoTool(counter: Counter()).definition])
        await #expect(throws: ToolCallError.self) { _ = try await session.respond(to: "go") }
        let outputs = await session.transcript.entries.filter { $0.kind == .toolOutput }.map(\.text)
        #expect(outputs.count == 1)
        #expect(outputs.first?.contains("missing \"word\"") == true)
    }

    @Test func aToolsOwnErrorReachesTheUserNamingTheTool() async throws {
        let failing = EchoTool(counter: Counter(), failure: ServiceError.offline(service: "NWS"))
        let model = ScriptedModel([ScriptedModel.call("echo", ["word": "x"])])
        let session = try await session(model, tools: [failing.definition])
        do {
            _ = try await session.respond(to: "go")
            Issue.record("expected a ToolCallError")
        } catch let error as ToolCallError {
            #expect(error.toolName == "echo")
            #expect(error.underlyingError as? ServiceError == .offline(service: "NWS"))
            #expect(error.recoverySuggestion?.contains("--offline") == true)
        }
    }

    @Test func structuredAnswersAreCheckedAgainstTheSchema() async throws {
        let good = ScriptedModel([.reply(ModelReply(text: "{\"n\": 3}"))])
        let response = try await session(good, tools: []).respond(to: "count", generating: Count.self)
        #expect(response.content.n == 3)
        let bad = ScriptedModel([.reply(ModelReply(text: "{\"n\": \"three\"}"))])
        await #expect(throws: LanguageModelError.self) {
            _ = try await session(bad, tools: []).respond(to: "count", generating: Count.self)
        }
    }

    @Test func aRequestThatWouldOverflowIsRefusedBeforeSending() async throws {
        let model = ScriptedModel([.reply(ModelReply(text: "never"))], contextSize: 300)
        let session = try await session(model, tools: [])
        let long = String(repeating: "weather ", count: 400)
        do {
            _ = try await session.respond(to: long)
            Issue.record("expected an overflow")
        } catch let LanguageModelError.contextSizeExceeded(tokens, contextSize) {
            #expect(tokens > 300)
            #expect(contextSize == 300)
        }
        #expect(model.recorded.isEmpty)
    }

    @Test func streamingYieldsGrowingSnapshots() async throws {
        let model = ScriptedModel([.reply(ModelReply(text: "pack warm socks"))])
        let session = try await session(model, tools: [])
        var snapshots: [String] = []
        for try await snapshot in session.streamResponse(to: "what?") {
            snapshots.append(snapshot)
        }
        #expect(snapshots.count >= 3)
        #expect(zip(snapshots, snapshots.dropFirst()).allSatisfy { $1.hasPrefix($0) })
        #expect(snapshots.last == "pack warm socks")
    }
}

/// A one-number answer for tests.
struct Count: Generable, Equatable {
    var n: Int
    static let generationSchema = GenerationSchema.object(Count.self, [.init(\.n, "n", .range(0...9))])
}
