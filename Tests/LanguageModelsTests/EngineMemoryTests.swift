import Foundation
import JSON
@testable import LanguageModels
import Testing
import Basics

/// Issue 41, point 1: engine memory a server cannot poison. A window an overflow message names is believed
/// only when it is plausible, no lesson renames, drops or retypes a field the request cannot do without,
/// one reply's reasoning is no trait, a lesson is remembered only once a request sent with it was answered,
/// a fresh look (doctor's) replaces what was learnt in passing, and forgetting drops it all.
@Suite struct EngineMemoryTests {
    static let base = URL(string: "http://127.0.0.1:8080")

    /// A hosted-API look-alike (no /props, one model listed) whose chat answers come from `chats` in turn
    /// (the last one again once they run out).
    static func server(_ chats: [ScriptedTransport.Answer]) -> ScriptedTransport {
        let next = Locked(0)
        return ScriptedTransport { path, _ in
            switch path {
            case "v1/models": return .init(body: Data(#"{"data":[{"id":"m1"}]}"#.utf8))
            case "v1/chat/completions":
                let index = next.withLock { value in
                    defer { value += 1 }
                    return min(value, chats.count - 1)
                }
                return chats[index]
            default: return nil
            }
        }
    }

    static func model(_ transport: ScriptedTransport, memory: (any EngineProfileMemory)? = nil) throws -> OpenAICompatibleModel {
        OpenAICompatibleModel(
            baseURL: try #require(base), modelName: "m1", apiKey: nil, forcedMode: .automatic, timeout: 5, transport: transport,
            memory: memory
        )
    }

    static func reply(_ text: String = "Boots.", prompt: Int = 900, reasoning: String? = nil) -> ScriptedTransport.Answer {
        let thought = reasoning.map { #","reasoning_content":"\#($0)""# } ?? ""
        return .init(body: Data(#"""
            {"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"\#(text)"\#(thought)}}],
             "usage":{"prompt_tokens":\#(prompt),"completion_tokens":3,"total_tokens":\#(prompt + 3)}}
            """#.utf8))
    }

    static func overflow(window: Int, requested: Int) -> ScriptedTransport.Answer {
        .init(status: 400, body: Data(#"""
            {"error":{"message":"This model's maximum context length is \#(window) tokens. However, you requested \#(requested) tokens.","type":"invalid_request_error","code":"context_length_exceeded"}}
            """#.utf8))
    }

    static func refusal(_ message: String, status: Int = 400) -> ScriptedTransport.Answer {
        .init(status: status, body: Data(#"{"error":{"message":"\#(message)","type":"invalid_request_error"}}"#.utf8))
    }

    static func ask(_ text: String = "What should I pack?") -> ModelRequest {
        ModelRequest(
            entries: [.instructions(Transcript.Instructions(text: "Be brief.")), .prompt(Transcript.Prompt(text: text))],
            tools: [], answerSchema: nil, options: GenerationOptions(maximumResponseTokens: 64)
        )
    }

    static func sentBodies(_ transport: ScriptedTransport) -> [JSONValue] {
        transport.requests.filter { $0.url.path.hasSuffix("chat/completions") }.compactMap { $0.httpBody.flatMap { try? JSONValue.parse($0) } }
    }

    // MARK: - The rules

    @Test(arguments: [
        (named: 16, answered: 0, believed: nil as Int?),
        (named: 511, answered: 0, believed: nil),
        (named: 512, answered: 0, believed: 512),
        (named: 600, answered: 900, believed: nil),  // smaller than a prompt just answered
        (named: 900, answered: 900, believed: nil),
        (named: 2_048, answered: 900, believed: 2_048),
        (named: 0, answered: 0, believed: nil),
        (named: 20_000_000, answered: 0, believed: nil),
    ])
    func aWindowIsBelievedOnlyWhenPlausible(_ row: (named: Int, answered: Int, believed: Int?)) {
        #expect(LessonRules.believedWindow(named: row.named, answered: row.answered) == row.believed)
    }

    @Test func noLessonTouchesAFieldTheRequestCannotDoWithout() {
        let body: [String: JSONValue] = [
            "model": "m1", "messages": [], "tools": [], "tool_choice": "auto", "max_tokens": 64, "top_k": 40,
        ]
        func lesson(_ message: String) -> RequestContract.Lesson? {
            RequestContract.lesson(message: message, param: nil, code: nil, sent: body)
        }
        #expect(lesson("Unsupported parameter: 'messages' is not supported with this model. Use 'input' instead.") == nil)
        #expect(lesson("Unsupported parameter: 'model'. Use 'engine' instead.") == nil)
        #expect(lesson("Unsupported parameter: 'max_tokens'. Use 'messages' instead.") == nil)
        #expect(lesson("Unrecognized request argument supplied: tools") == nil)
        #expect(lesson("Unrecognized request argument supplied: tool_choice") == nil)
        // What may be learnt still is.
        #expect(lesson("Unsupported parameter: 'max_tokens' is not supported. Use 'max_completion_tokens' instead.")
                == .rename("max_tokens", to: "max_completion_tokens"))
        #expect(lesson("Unrecognized request argument supplied: top_k") == .drop("top_k"))
    }

    @Test func aRememberedProfileIsReadAsTheRulesBelieveIt() throws {
        var poisoned = EngineProfile(kind: .openai, contextSize: 16, contextSource: EngineProfile.overflowSource)
        poisoned.renamedFields = ["messages": "input", "max_tokens": "max_completion_tokens", "seed": "model"]
        poisoned.droppedFields = ["model", "tools", "top_k"]
        let text = try #require(poisoned.jsonText())
        let read = try #require(EngineProfile.from(jsonText: text))
        #expect(read.contextSize == nil && !read.isWindowKnown)
        #expect(read.renamedFields == ["max_tokens": "max_completion_tokens"])
        #expect(read.droppedFields == ["top_k"])
        // And whatever a memory hands over, the essentials are sent as they are.
        let shaped = RequestContract.shape(["model": "m1", "messages": [], "tools": [], "top_k": 40], for: poisoned, reasoning: nil)
        #expect(shaped["messages"] != nil && shaped["input"] == nil && shaped["model"] != nil && shaped["tools"] != nil)
        #expect(shaped["top_k"] == nil)
    }

    @Test func oneReplysReasoningIsNoTrait() {
        var profile = EngineProfile(kind: .llamacpp)
        profile.observeReasoning(true)
        #expect(!profile.isReasoning)
        profile.observeReasoning(false)
        profile.observeReasoning(true)
        #expect(!profile.isReasoning)
        profile.observeReasoning(true)
        #expect(profile.isReasoning)
        profile.observeReasoning(false)
        #expect(profile.isReasoning)
    }

    // MARK: - Through the backend

    @Test func anOverflowNamingATinyWindowIsNotBelievedNorPassedOn() async throws {
        let memory = EngineContractTests.Memory()
        let transport = Self.server([Self.overflow(window: 16, requested: 900), Self.reply()])
        let model = try Self.model(transport, memory: memory)
        await #expect(throws: LanguageModelError.contextSizeExceeded(tokenCount: 900, contextSize: 4_096)) {
            _ = try await model.respond(to: Self.ask())
        }
        #expect(try await model.contextSize() == 4_096)
        #expect(try await Self.model(transport, memory: memory).contextSize() == 4_096)
        #expect(try await model.respond(to: Self.ask()).text == "Boots.")
    }

    @Test func anOverflowSmallerThanAPromptJustAnsweredIsNotAWindow() async throws {
        let memory = EngineContractTests.Memory()
        let transport = Self.server([Self.reply(prompt: 900), Self.overflow(window: 600, requested: 950), Self.overflow(window: 2_048, requested: 3_000)])
        let model = try Self.model(transport, memory: memory)
        _ = try await model.respond(to: Self.ask())
        await #expect(throws: LanguageModelError.contextSizeExceeded(tokenCount: 950, contextSize: 4_096)) {
            _ = try await model.respond(to: Self.ask("And for the evenings?"))
        }
        #expect(try await Self.model(transport, memory: memory).profile().contextSize == nil)
        // A plausible one is learnt, and remembered.
        await #expect(throws: LanguageModelError.contextSizeExceeded(tokenCount: 3_000, contextSize: 2_048)) {
            _ = try await model.respond(to: Self.ask("And for the mornings?"))
        }
        #expect(try await Self.model(transport, memory: memory).contextSize() == 2_048)
    }

    @Test func aRefusalAskingToRenameMessagesIsNotLearnt() async throws {
        let memory = EngineContractTests.Memory()
        let refusal = Self.refusal("Unsupported parameter: 'messages' is not supported with this model. Use 'input' instead.")
        let transport = Self.server([refusal, Self.reply()])
        let model = try Self.model(transport, memory: memory)
        await #expect(throws: LanguageModelError.self) { _ = try await model.respond(to: Self.ask()) }
        #expect(try await model.profile().renamedFields.isEmpty)
        // The next request, and the next run, still send messages.
        #expect(try await Self.model(transport, memory: memory).respond(to: Self.ask()).text == "Boots.")
        let sent = Self.sentBodies(transport)
        #expect(sent.count == 2 && sent.allSatisfy { $0["messages"] != nil && $0["input"] == nil })
    }

    @Test func aLessonIsRememberedOnlyOnceARequestSentWithItWasAnswered() async throws {
        let memory = EngineContractTests.Memory()
        let failing = Self.server([
            Self.refusal("Unrecognized request argument supplied: temperature"),
            Self.refusal("the upstream is overloaded", status: 503),
        ])
        let request = Self.ask()
        await #expect(throws: LanguageModelError.self) { _ = try await Self.model(failing, memory: memory).respond(to: request) }
        #expect(await memory.profile(for: "http://127.0.0.1:8080", model: "m1") == nil)

        let answering = Self.server([Self.refusal("Unrecognized request argument supplied: temperature"), Self.reply()])
        #expect(try await Self.model(answering, memory: memory).respond(to: request).text == "Boots.")
        #expect(await memory.profile(for: "http://127.0.0.1:8080", model: "m1")?.droppedFields == ["temperature"])
    }

    @Test func aReasoningModelIsLearntFromTwoRepliesInARowNotOne() async throws {
        let memory = EngineContractTests.Memory()
        let once = Self.server([Self.reply(reasoning: "hmm"), Self.reply("Hat.")])
        let model = try Self.model(once, memory: memory)
        _ = try await model.respond(to: Self.ask())
        _ = try await model.respond(to: Self.ask("And?"))
        #expect(try await model.profile().isReasoning == false)
        #expect(await model.reasoningAllowance() == 0)
        #expect(try await Self.model(once, memory: memory).profile().isReasoning == false)

        let twice = Self.server([Self.reply(reasoning: "first"), Self.reply("Hat.", reasoning: "second")])
        let reasoning = try Self.model(twice, memory: EngineContractTests.Memory())
        _ = try await reasoning.respond(to: Self.ask())
        _ = try await reasoning.respond(to: Self.ask("And?"))
        #expect(try await reasoning.profile().isReasoning)
    }

    @Test func aFreshLookReplacesWhatWasLearntInPassingAndForgettingDropsAll() async throws {
        let memory = EngineContractTests.Memory()
        var learnt = EngineProfile(kind: .openai, contextSize: 1_024, contextSource: EngineProfile.overflowSource)
        learnt.isReasoning = true
        learnt.droppedFields = ["seed"]
        await memory.remember(learnt, for: "http://127.0.0.1:8080", model: "m1")
        let transport = Self.server([Self.reply()])
        let model = try Self.model(transport, memory: memory)
        #expect(try await model.contextSize() == 1_024)

        let fresh = try await Self.model(transport, memory: memory).profile(fresh: true)
        #expect(!fresh.isWindowKnown && !fresh.isReasoning && fresh.droppedFields == ["seed"])
        // Replaced in the memory too: the next run counts with what the server says now.
        #expect(try await Self.model(transport, memory: memory).contextSize() == 4_096)
        #expect(try await Self.model(transport, memory: memory).profile().learntFacts == [.dropped("seed")])

        let forgotten = try await Self.model(transport, memory: memory).forgetLearnt()
        #expect(forgotten.flatMap(\.learntFacts) == [.dropped("seed")])
        #expect(await memory.profile(for: "http://127.0.0.1:8080", model: "m1") == nil)
        #expect(try await Self.model(transport, memory: memory).forgetLearnt().isEmpty)
    }
}
