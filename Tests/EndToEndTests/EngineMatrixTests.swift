import Foundation
import Model
import Store
import TestSupport
import Testing

/// `plan` against every engine's contract, with the real small model behind it: each stand-in
/// (`Tests/Fixtures/engines/engine_proxy.py`) keeps an engine's contract in front of one real llama-server
/// (SmolLM2-135M, 2,048 tokens) and refuses what that engine refuses. Per engine: `doctor` names the engine,
/// the model and the window with its source; `pack`, one long `ask` and `replay` succeed; what the stand-in
/// received breaks none of its rules; a reasoning model's thinking is in the transcript and nowhere else.
/// One ask per engine, and a replay for two of them, keep the wall time down (the three-ask matrix with
/// replays runs against llama-server itself, `LocalModelMatrixTests`).
@Suite(.serialized, .oneModelAtATime, .enabled(if: LlamaServer.isAvailable || LlamaServer.isRequired, "needs LLAMA_SERVER and LLAMA_MODEL"))
struct EngineMatrixTests {
    struct Case: Sendable, CustomStringConvertible {
        var engine: String
        var arguments: [String]
        var environment: [String: String]
        /// What `doctor --json` must say.
        var kind: String
        var windowSource: String?
        /// Body fields this engine must never get.
        var forbidden: [String]
        var reasoning: Bool
        /// The stand-in (under `Tests/Fixtures`); `engine_proxy.py` is told the engine with `--engine`.
        var script = "engines/engine_proxy.py"

        var description: String { engine }

        /// The stand-in's arguments in front of `upstream`.
        func proxyArguments(upstream: String) -> [String] {
            let named = script == "engines/engine_proxy.py" ? ["--engine", engine] : []
            return named + ["--upstream", upstream] + arguments
        }
    }

    /// `PLAN_ENGINE_REAL=llama-cpp-python`: the llama-cpp-python case runs against the real server
    /// (`python3 -m llama_cpp.server`, started by `engines/real_llama_cpp_python.py` on LLAMA_MODEL at 2,048
    /// tokens) instead of its stand-in. Installed by hand (`pip install 'llama-cpp-python[server]'`, about 30
    /// minutes on 2 cores), so never in CI; what plan sent is then not recorded, and not checked.
    static var realLlamaCppPython: Bool {
        ProcessInfo.processInfo.environment["PLAN_ENGINE_REAL"] == "llama-cpp-python"
    }

    static let cases: [Case] = [
        Case(engine: "openai", arguments: ["--key", "sk-matrix"], environment: ["PLAN_API_KEY": "sk-matrix"], kind: "openai",
             windowSource: nil, forbidden: ["cache_prompt", "top_k", "max_tokens"], reasoning: false),
        Case(engine: "openai-reasoning", arguments: [], environment: ["PLAN_REASONING": "low"], kind: "openai", windowSource: nil,
             forbidden: ["cache_prompt", "top_k", "max_tokens"], reasoning: true),
        Case(engine: "ollama", arguments: ["--n-ctx", "2048"], environment: [:], kind: "ollama", windowSource: "Ollama's /api/ps",
             forbidden: ["cache_prompt", "top_k"], reasoning: false),
        Case(engine: "vllm", arguments: ["--n-ctx", "2048"], environment: [:], kind: "vllm",
             windowSource: "vLLM's /v1/models (max_model_len)", forbidden: ["cache_prompt"], reasoning: false),
        Case(engine: "lmstudio", arguments: ["--n-ctx", "2048"], environment: [:], kind: "lmstudio",
             windowSource: "LM Studio's /api/v0/models (loaded_context_length)", forbidden: ["cache_prompt", "top_k"], reasoning: false),
        Case(engine: "llamacpp-reasoning", arguments: [], environment: [:], kind: "llamacpp", windowSource: "llama-server's /props",
             forbidden: [], reasoning: true),
        Case(engine: "llamacpp-think", arguments: [], environment: [:], kind: "llamacpp", windowSource: "llama-server's /props",
             forbidden: [], reasoning: true),
        // Says no window (learnt from its first overflow), refuses json_schema with a 500, ignores
        // max_completion_tokens, tools only with a named tool_choice (guided), streams without usage.
        Case(engine: "llama-cpp-python", arguments: ["--n-ctx", "2048"], environment: [:], kind: "llama-cpp-python",
             windowSource: nil, forbidden: ["cache_prompt", "max_completion_tokens", "tools"], reasoning: false,
             script: "engines/llama_cpp_python.py"),
    ]

    /// `PLAN_ENGINE_MATRIX=openai,ollama` runs only those (a developer's shortcut; the suite runs all).
    static var selected: [Case] {
        guard let only = ProcessInfo.processInfo.environment["PLAN_ENGINE_MATRIX"], !only.isEmpty else { return cases }
        let names = Set(only.split(separator: ",").map(String.init))
        return cases.filter { names.contains($0.engine) }
    }

    /// Engines whose replay is run too (a replay is a second pack: the same path, so two engines show it).
    static let replayed: Set<String> = ["openai", "ollama"]

    @Test(arguments: selected)
    func doctorPackAskAndReplay(_ engine: Case) async throws {
        if LlamaServer.isRequired && !LlamaServer.isAvailable {
            Issue.record("PLAN_REQUIRE_LLAMA=1 but LLAMA_SERVER/LLAMA_MODEL are missing; run scripts/install-llama.sh")
        }
        let started = Date()
        // The process's shared 2,048-token server (the matrix's 2,048 window uses it too): one model load for
        // the seven engines instead of seven, and the instructions' prefix stays in its prompt cache.
        let model = try SharedLlamaServers.server(contextSize: 2_048)
        let real = engine.engine == "llama-cpp-python" && Self.realLlamaCppPython
        let proxy = try real
            ? LoopbackServer(script: "engines/real_llama_cpp_python.py",
                             arguments: ["--model", ProcessInfo.processInfo.environment["LLAMA_MODEL"] ?? "", "--n-ctx", "2048"])
            : LoopbackServer(script: engine.script, arguments: engine.proxyArguments(upstream: model.baseURL.absoluteString))
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let environment = services.environment.merging(["PLAN_OFFLINE": "", "PLAN_MODEL": proxy.baseURL.absoluteString]) { _, new in new }
            .merging(engine.environment) { _, new in new }
        let today = CalendarDate(Date())
        #expect(try sandbox.run(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 2).description]).status == 0)

        let doctor = try sandbox.run(["doctor", "--json"], environment: environment)
        let report = try #require(try doctor.json() as? [String: Any])
        let modelReport = try #require(report["model"] as? [String: Any])
        #expect(modelReport["engine"] as? String == engine.kind, "\(engine): \(modelReport)")
        #expect(modelReport["reachable"] as? Bool == true)
        #expect(modelReport["contextSource"] as? String == engine.windowSource, "\(engine): \(modelReport)")
        if engine.windowSource != nil { #expect(modelReport["contextSize"] as? Int == 2_048) }
        #expect(!((modelReport["name"] as? String) ?? "").isEmpty)
        let text = try sandbox.run(["doctor"], environment: environment).stdout
        #expect(text.contains("tokens, from") || engine.windowSource == nil, "\(text)")

        let pack = try sandbox.run(["pack", "1", "--json"], environment: environment)
        #expect(pack.status == 0, "\(engine) pack: \(pack.stderr)")
        let list = try #require(try pack.json() as? [String: Any])
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(items.count >= 5)
        let listText = String(decoding: try JSONSerialization.data(withJSONObject: items), as: UTF8.self)
        #expect(!listText.contains("<think>") && !listText.contains("forecast first"), "\(engine): reasoning in the list")

        let ask = try sandbox.run(["ask", "1", LocalModelMatrixTests.question, "--json"], environment: environment)
        #expect([0, 65].contains(ask.status), "\(engine) ask: \(ask.stderr)")
        if ask.status == 0 {
            let answer = (try ask.json() as? [String: Any])?["answer"] as? String ?? ""
            #expect(!answer.isEmpty && !answer.contains("<think>") && !answer.contains("forecast first"))
        } else {
            // A 65 is the model's failure, said as one: the answer could not be used (a small model's loop or
            // stock phrase), never a contract refusal or a transport error dressed as one.
            let said = ask.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(said.contains("the model gave no usable answer") || said.contains("the model's answer could not be used"),
                    "\(engine) ask exited 65 saying: \(said)")
            #expect(!said.contains("HTTP 4") && !said.contains("HTTP 5"), "\(engine) ask: a refusal read as a bad answer: \(said)")
            #expect(said.split(separator: "\n").count <= 2, "\(engine) ask: \(said)")
        }
        if Self.replayed.contains(engine.engine) {
            let replay = try sandbox.run(["replay", "1", "--json"], environment: environment)
            #expect(replay.status == 0, "\(engine) replay: \(replay.stderr)")
            // A replay prints a list made from the pinned forecast, as the pack did.
            let replayed = try #require(try replay.json() as? [String: Any], "\(engine) replay printed no JSON")
            let replayItems = try #require(replayed["items"] as? [[String: Any]], "\(engine) replay: \(replayed.keys)")
            #expect(replayItems.count >= 5, "\(engine) replay: \(replayItems.count) items")
            #expect(replayItems.allSatisfy { !(($0["name"] as? String) ?? "").isEmpty }, "\(engine) replay: an unnamed item")
        }

        // The contract held: nothing refused was sent in the end, and the stand-in answered every chat 200
        // (a refusal plan learnt from shows as one 400, followed by the same request without the field).
        let recorded = real ? [:] : try await proxy.control("_control/requests")
        let bodies = recorded["requests"] as? [[String: Any]] ?? []
        let log = recorded["log"] as? [[String: Any]] ?? []
        let chats = log.filter { ($0["path"] as? String)?.hasSuffix("chat/completions") == true }
        let refused = chats.filter { ($0["status"] as? Int ?? 200) >= 400 }
        #expect(refused.count <= 3, "\(engine): \(refused.count) refused chats")
        for body in bodies.suffix(max(0, bodies.count - refused.count)) {
            for field in engine.forbidden {
                #expect(body[field] == nil, "\(engine) got \(field)")
            }
            if engine.engine == "llama-cpp-python" {
                // Its one structured form, never json_schema (a 500 there).
                #expect((body["response_format"] as? [String: Any])?["type"] as? String != "json_schema", "\(engine) got json_schema")
            }
        }
        let reasoningEntries = Int(try sandbox.sqlite("SELECT count(*) FROM transcript_entries WHERE kind = 'reasoning'")) ?? 0
        if engine.reasoning && engine.engine != "openai-reasoning" {
            #expect(reasoningEntries > 0, "\(engine): no reasoning entry")
        }
        if engine.engine == "openai-reasoning" {
            #expect(try sandbox.sqlite("SELECT sum(reasoning_tokens) > 0 FROM sessions") == "1")
        }
        #expect(try sandbox.sqlite("SELECT count(*) FROM transcript_entries WHERE kind = 'response' AND (text LIKE '%<think>%' OR text LIKE '%forecast first%')") == "0")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
        if engine.engine == "llama-cpp-python" {
            // No refusal needed teaching: it was known from the start (detected, not learnt by 500s).
            #expect(!refused.contains { $0["status"] as? Int == 500 }, "\(engine): \(refused)")
        }
        if engine.engine == "llama-cpp-python" {
            try Self.checkLlamaCppPython(sandbox: sandbox, environment: environment)
        }
        let line = String(format: "engine matrix %@: %.1f s (%d chats, %d refused and learnt)\n", engine.engine,
                          Date().timeIntervalSince(started), chats.count, refused.count)
        FileHandle.standardError.write(Data(line.utf8))
    }

    /// llama-cpp-python after the pack and the ask: doctor exits 0 and names it, and says its window is
    /// unknown unless an overflow named it (then it says that window and where it was learnt). Three long
    /// follow-ups exit 0 or 65, never 69 or 70.
    static func checkLlamaCppPython(sandbox: PlanSandbox, environment: [String: String]) throws {
        let long = String(repeating: "We also walk along the river each evening and may take a day trip into the mountains. ", count: 30)
        for round in 1...3 {
            let ask = try sandbox.run(["ask", "1", "What else should I take? " + long], environment: environment)
            #expect([0, 65].contains(ask.status), "llama-cpp-python long follow-up \(round): \(ask.status) \(ask.stderr)")
        }
        let doctor = try sandbox.run(["doctor", "--json"], environment: environment)
        #expect(doctor.status == 0, "llama-cpp-python doctor: \(doctor.stderr)")
        let model = try #require((try doctor.json() as? [String: Any])?["model"] as? [String: Any])
        #expect(model["engine"] as? String == "llama-cpp-python")
        if model["contextSource"] as? String == "the server's overflow message" {
            #expect(model["contextSize"] as? Int == 2_048, "\(model)")
        } else {
            #expect(model["contextSizeFrom"] as? String == "unknown", "\(model)")
        }
        let text = try sandbox.run(["doctor"], environment: environment).stdout
        #expect(text.contains("llama-cpp-python") && !text.contains("4,096 tokens, assumed"), "\(text)")
    }
}
