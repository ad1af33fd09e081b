import Foundation
@testable import LanguageModels
import Testing
import TestSupport
import Tools

/// The OpenAI-compatible backend against contract stand-ins (`Tests/Fixtures/engines/engine_proxy.py`) for
/// each engine, in front of the scripted llama-server look-alike: fast, no real model. Each stand-in keeps
/// its engine's contract (what it takes, what it refuses, how it says so) and records what plan sent.
@Suite struct EngineContractTests {
    /// A stand-in for one engine in front of the fake llama-server.
    final class Engine {
        let upstream: LoopbackServer
        let proxy: LoopbackServer

        init(_ engine: String, arguments: [String] = [], nCtx: Int = 4_096) throws {
            upstream = try LoopbackServer(
                script: "llm/fake_llama_server.py", arguments: ["--n-ctx", String(nCtx), "--supports-tools", "false"]
            )
            proxy = try LoopbackServer(
                script: "engines/engine_proxy.py",
                arguments: ["--engine", engine, "--upstream", upstream.baseURL.absoluteString] + arguments
            )
        }

        func model(
            name: String? = "smollm2", key: String? = nil, engine: EngineKind? = nil,
            memory: (any EngineProfileMemory)? = nil
        ) -> OpenAICompatibleModel {
            var model = OpenAICompatibleModel(
                baseURL: proxy.baseURL, modelName: name, apiKey: key, forcedMode: .automatic, timeout: 20,
                transport: CurlTransport(timeout: 20), engine: engine, memory: memory
            )
            model.maximumRateLimitWait = 5
            return model
        }

        func script(_ steps: [[String: Any]]) async throws {
            try await upstream.control("_control/script", body: ["steps": steps])
        }

        /// Chat bodies as the stand-in received them.
        func requests() async throws -> [[String: Any]] {
            try await proxy.control("_control/requests")["requests"] as? [[String: Any]] ?? []
        }

        func paths() async throws -> [String] {
            (try await proxy.control("_control/requests")["log"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        }

        func fault(_ body: [String: Any]) async throws {
            try await proxy.control("_control/fault", body: body)
        }
    }

    /// Profiles kept in memory, as the database keeps them between runs.
    actor Memory: EngineProfileMemory {
        var profiles: [String: EngineProfile] = [:]
        func profile(for baseURL: String, model: String) -> EngineProfile? { profiles[baseURL + " " + model] }
        func remember(_ profile: EngineProfile, for baseURL: String, model: String) { profiles[baseURL + " " + model] = profile }
        func forget(baseURL: String) -> [EngineProfile] {
            let keys = profiles.keys.filter { $0.hasPrefix(baseURL + " ") }.sorted()
            defer { for key in keys { profiles[key] = nil } }
            return keys.compactMap { profiles[$0] }
        }
    }

    static func ask(_ text: String = "What should I pack?", schema: GenerationSchema? = nil, maximum: Int = 64) -> ModelRequest {
        ModelRequest(
            entries: [.instructions(Transcript.Instructions(text: "Be brief.")), .prompt(Transcript.Prompt(text: text))],
            tools: [], answerSchema: schema, options: GenerationOptions(maximumResponseTokens: maximum)
        )
    }

    // MARK: - Requests that fit the contract

    @Test func openAIGetsOnlyItsOwnFieldsAndMaxCompletionTokens() async throws {
        let engine = try Engine("openai", arguments: ["--key", "sk-test"])
        try await engine.script([["json": ["word": "boots"]]])
        let model = engine.model(key: "sk-test")
        #expect(try await model.profile().kind == .openai)
        #expect(try await model.contextSize() == 4_096)  // OpenAI does not say; assumed
        let reply = try await model.respond(to: Self.ask(schema: Word.generationSchema))
        #expect(reply.structured?["word"]?.stringValue == "boots")
        let sent = try #require(try await engine.requests().first)
        #expect(sent["cache_prompt"] == nil)
        #expect(sent["top_k"] == nil)
        #expect(sent["max_tokens"] == nil)
        #expect(sent["max_completion_tokens"] as? Int == 64)
        #expect(sent["model"] as? String == "smollm2")
        let format = try #require(sent["response_format"] as? [String: Any])
        #expect((format["json_schema"] as? [String: Any])?["strict"] as? Bool == true)
        #expect(try await engine.requests().count == 1)
    }

    @Test func llamaServerKeepsItsOwnFields() async throws {
        let engine = try Engine("llamacpp-think")
        try await engine.script([["content": "Boots."]])
        let model = engine.model(name: nil)
        #expect(try await model.profile().kind == .llamacpp)
        _ = try await model.respond(to: Self.ask())
        let sent = try #require(try await engine.requests().first)
        #expect(sent["cache_prompt"] as? Bool == true)
        #expect(sent["max_tokens"] as? Int == 64)
        #expect(sent["max_completion_tokens"] == nil)
    }

    @Test func aRefusedFieldIsDroppedOnceAndRemembered() async throws {
        // A hosted API taken for llama-server (PLAN_ENGINE=llamacpp): cache_prompt and top_k are refused.
        let engine = try Engine("openai")
        try await engine.script([["content": "one"], ["content": "two"], ["content": "three"]])
        let memory = Memory()
        let model = engine.model(engine: .llamacpp, memory: memory)
        let first = try await model.respond(to: Self.ask())
        #expect(first.text == "one")
        let sent = try await engine.requests()
        #expect(sent.count == 3)  // cache_prompt refused, then top_k, then accepted
        #expect(sent[2]["cache_prompt"] == nil && sent[2]["top_k"] == nil)
        #expect(Set(try await model.profile().droppedFields) == ["cache_prompt", "top_k"])
        // Another question (the same one, greedy, would be answered from the answer already had).
        _ = try await model.respond(to: Self.ask("And for the evenings?"))
        #expect(try await engine.requests().count == 4)  // learnt: no refusal again
        // A new run with the same memory (the database) does not ask to be refused again either.
        let again = engine.model(engine: .llamacpp, memory: memory)
        #expect(try await again.respond(to: Self.ask()).text == "three")
        #expect(try await engine.requests().count == 5)
    }

    @Test func aReasoningModelsRefusalsAreLearntAndItsHiddenReasoningCounted() async throws {
        let engine = try Engine("openai-reasoning")
        try await engine.script([["content": "Pack boots."], ["content": "And a hat."]])
        let model = engine.model()
        let reply = try await model.respond(to: Self.ask(maximum: 400))
        #expect(reply.text == "Pack boots.")
        #expect((reply.usage?.output.reasoningTokenCount ?? 0) > 0)
        let sent = try await engine.requests()
        // temperature 0 refused (only the default), then accepted without any sampling field.
        #expect(sent.count == 2)
        #expect(sent[0]["temperature"] != nil)
        #expect(sent[1]["temperature"] == nil && sent[1]["frequency_penalty"] == nil && sent[1]["max_tokens"] == nil)
        let profile = try await model.profile()
        // One reply's hidden reasoning is an observation (issue 41); the second in a row makes a reasoning model.
        #expect(profile.fixedSampling && !profile.isReasoning)
        _ = try await model.respond(to: Self.ask(maximum: 400))
        #expect(try await engine.requests().count == 3)
        #expect(try await model.profile().isReasoning)
        #expect(await model.reasoningAllowance() > 0)
    }

    @Test func maxTokensIsRenamedWhenAServerAsksForMaxCompletionTokens() async throws {
        let engine = try Engine("openai-reasoning")
        try await engine.script([["content": "ok"]])
        // Forced to a generic engine that sends max_tokens: the refusal says what to use instead.
        let model = engine.model(engine: .lmstudio)
        _ = try await model.respond(to: Self.ask(maximum: 400))
        let sent = try await engine.requests()
        #expect(sent.last?["max_completion_tokens"] as? Int == 400)
        #expect(sent.last?["max_tokens"] == nil)
        #expect(try await model.profile().renamedFields["max_tokens"] == "max_completion_tokens")
    }

    // MARK: - Errors users can act on

    @Test func aRefusedKeyIsNotAnUnavailableServer() async throws {
        let engine = try Engine("openai", arguments: ["--key", "sk-right"])
        do {
            _ = try await engine.model(key: "sk-wrong").respond(to: Self.ask())
            Issue.record("expected a refusal")
        } catch let error as LanguageModelError {
            guard case .refused(401, _) = error else { Issue.record("got \(error)"); return }
            // The framework's advice is about the key (plan's words, PLAN_API_KEY, are ModelErrorAdviceTests').
            #expect(error.recoverySuggestion?.contains("key this server accepts") == true)
            #expect(error.recoverySuggestion?.contains("Start the server") == false)
        }
    }

    @Test func anUnknownModelNamesTheServersModels() async throws {
        for kind in ["openai", "ollama", "vllm", "lmstudio"] {
            let engine = try Engine(kind)
            do {
                _ = try await engine.model(name: "gpt-9").respond(to: Self.ask())
                Issue.record("\(kind): expected model not found")
            } catch let LanguageModelError.modelNotFound(model, available) {
                #expect(model == "gpt-9")
                #expect(available.contains("smollm2"), "\(kind): \(available)")
            }
        }
    }

    @Test func aRateLimitIsWaitedOutWithinItsBoundThenReported() async throws {
        let engine = try Engine("openai")
        try await engine.script([["content": "after the wait"]])
        try await engine.fault(["status": 429, "retry_after": "1", "times": 1])
        let started = Date()
        #expect(try await engine.model().respond(to: Self.ask()).text == "after the wait")
        #expect(Date().timeIntervalSince(started) >= 0.9)
        try await engine.fault(["status": 429, "retry_after": "120", "times": 3])
        await #expect(throws: LanguageModelError.rateLimited(retryAfter: 120)) {
            _ = try await engine.model().respond(to: Self.ask())
        }
    }

    @Test func aRefusalPlanCannotFixIsTheServersOwnWords() async throws {
        let engine = try Engine("openai")
        try await engine.fault(["status": 400, "message": "Invalid 'messages[1].content': string too long."])
        await #expect(throws: LanguageModelError.rejected(status: 400, message: "Invalid 'messages[1].content': string too long.")) {
            _ = try await engine.model().respond(to: Self.ask())
        }
    }

    // MARK: - Windows

    @Test func eachEngineSaysItsWindowAndWhere() async throws {
        let cases: [(String, EngineKind, Int, String)] = [
            ("ollama", .ollama, 1_536, "Ollama's /api/ps"),
            ("vllm", .vllm, 3_072, "vLLM's /v1/models (max_model_len)"),
            ("lmstudio", .lmstudio, 2_560, "LM Studio's /api/v0/models (loaded_context_length)"),
        ]
        for (name, kind, window, source) in cases {
            let engine = try Engine(name, arguments: ["--n-ctx", String(window)])
            let profile = try await engine.model().profile()
            #expect(profile.kind == kind)
            #expect(profile.window == window, "\(name)")
            #expect(profile.contextSource == source)
            #expect(profile.windowDescription.contains(window.formatted(.number.grouping(.automatic))))
        }
        let llama = try Engine("llamacpp-reasoning", nCtx: 2_048)
        #expect(try await llama.model(name: nil).profile().windowDescription == "2,048 tokens, from llama-server's /props")
    }

    @Test func vllmCountsWithItsTokenizerAndItsOverflowCarriesTheNumbers() async throws {
        let engine = try Engine("vllm", arguments: ["--n-ctx", "1024"])
        let model = engine.model()
        #expect(try await model.profile().tokenizer == .vllm)
        #expect(await model.tokenCount(for: String(repeating: "a", count: 40)) == 10)  // the upstream's 4-bytes rule
        #expect(try await engine.paths().contains("/tokenize"))
        await #expect(throws: LanguageModelError.self) { _ = try await model.respond(to: Self.ask(maximum: 2_000)) }
        do {
            _ = try await model.respond(to: Self.ask(maximum: 2_000))
        } catch let LanguageModelError.contextSizeExceeded(tokens, contextSize) {
            #expect(contextSize == 1_024)
            #expect(tokens > 2_000)
        }
    }

    @Test func ollamasSilentTruncationIsAnOverflowAndRecovered() async throws {
        // Ollama says 4,096 but cuts at 300 (a window set lower than it reports, or --context-size too big).
        let engine = try Engine("ollama", arguments: ["--n-ctx", "4096", "--truncate-at", "300"])
        try await engine.script([["content": "a reply to what survived"], ["content": "the recovered answer"]])
        let model = engine.model()
        #expect(await model.truncatesSilently())
        let session = try await LanguageModelSession(
            model: model, tools: [], instructions: "You help pack.", contextSize: 4_096
        )
        let long = String(repeating: "The trip goes to Denver in December and the forecast says snow. ", count: 40)
        do {
            _ = try await session.respond(to: long)
            Issue.record("a silently cut prompt was taken as answered")
        } catch let LanguageModelError.contextSizeExceeded(tokens, contextSize) {
            #expect(tokens > 500)
            // Issue 32: the window the session knows, never the prompt count of the cut request (Ollama's
            // usage said under 300; a hostile one said 10, and the recovery ran in a window of 10).
            #expect(contextSize == 4_096)
        }
        // The stand-in did drop messages: what reached the model was the tail only.
        #expect(try await engine.requests().count == 1)
    }

    // MARK: - Reasoning

    @Test func reasoningIsKeptApartFromTheAnswerStreamedOrNot() async throws {
        for kind in ["llamacpp-reasoning", "llamacpp-think"] {
            for streamed in [false, true] {
                let engine = try Engine(kind)
                try await engine.script([["content": "Pack boots and a hat."]])
                let recorder = MemoryTranscriptRecorder()
                let session = try await LanguageModelSession(
                    model: engine.model(name: nil), tools: [], instructions: "Be brief.", contextSize: 4_096, recorder: recorder
                )
                let pieces = PieceBox()
                let collect: @Sendable (String) -> Void = { piece in pieces.add(piece) }
                let onText = streamed ? collect : nil
                let reply = try await session.respond(to: "Boots?", onText: onText)
                #expect(reply.text == "Pack boots and a hat.", "\(kind) streamed \(streamed)")
                #expect(!pieces.text.contains("think") && !pieces.text.contains("forecast first"))
                let entries = await recorder.entries
                let thinking = entries.filter { $0.kind == .reasoning }
                #expect(thinking.count == 1, "\(kind) streamed \(streamed): \(entries.map(\.kind))")
                #expect(thinking.first?.text.contains("forecast first") == true)
                #expect(entries.last?.kind == .response)
                #expect(entries.last?.text.contains("think") == false)
                // Never sent back to the model.
                let next = try await session.respond(to: "Anything else?")
                _ = next
                let messages = try #require(try await engine.requests().last?["messages"] as? [[String: Any]])
                #expect(!messages.contains { ($0["content"] as? String)?.contains("forecast first") == true })
            }
        }
    }

    @Test func thinkTagsAreTakenOffHoweverTheyAreSplit() {
        let content = "<think>\nweigh the snow\n</think>\n\n{\"items\":[]}"
        let whole = ThinkTagFilter.split(content)
        #expect(whole.reasoning?.contains("weigh the snow") == true)
        #expect(whole.answer == "{\"items\":[]}")
        for size in 1...7 {
            let filter = ThinkTagFilter()
            var answer = ""
            var thought = ""
            var index = content.startIndex
            while index < content.endIndex {
                let end = content.index(index, offsetBy: size, limitedBy: content.endIndex) ?? content.endIndex
                let out = filter.feed(String(content[index..<end]))
                answer += out.answer ?? ""
                thought += out.reasoning ?? ""
                index = end
            }
            answer += filter.finish().answer ?? ""
            #expect(answer == "{\"items\":[]}", "pieces of \(size)")
            #expect(thought.contains("weigh the snow"))
        }
        #expect(ThinkTagFilter.split("no tags here").answer == "no tags here")
        #expect(ThinkTagFilter.split("<thinking is not a tag").answer == "<thinking is not a tag")
    }
}

/// A one-field answer.
struct Word: Generable, Equatable {
    var word: String
    static let generationSchema = GenerationSchema.object(Word.self, [.init(\.word, "word")])
}

/// Collects streamed pieces. `@unchecked Sendable`: the text is only touched under the lock.
final class PieceBox: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""
    func add(_ piece: String) { lock.withLock { collected += piece } }
    var text: String { lock.withLock { collected } }
}
