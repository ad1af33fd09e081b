import Foundation
import Model
import Store
import TestSupport
import Testing

/// Issue 41, point 1, through the binary: a model server that answers with poison (an overflow naming a
/// 16-token window, a refusal asking for `messages` to be sent as `input`) teaches plan nothing that breaks
/// the next pack; `plan doctor` asks afresh and replaces what was learnt; `plan doctor --forget` drops it
/// and says what. Against the scripted llama-server look-alike answering `/props` with 404, so, as a hosted
/// API, it never says its window.
@Suite struct EngineMemoryPoisonTests {
    static var answer: [String: Any] { ["json": ["response": [
        "items": [
            ["category": "Clothing", "name": "Warm jacket", "quantity": 1, "reason": "Cold days", "weather": false],
            ["category": "Footwear", "name": "Boots", "quantity": 1, "reason": "Walking", "weather": false],
        ],
        "notices": [String](),
    ]]] }
    static var call: [String: Any] { ["json": ["tool_call": ["name": "forecast", "arguments": ["latitude": 39.7392, "longitude": -104.9847]]]] }

    static func error(_ body: [String: Any], status: Int = 400) -> [String: Any] {
        ["error": ["status": status, "body": ["error": body]]]
    }

    static var tinyWindow: [String: Any] { error([
        "code": 400, "message": "request (900 tokens) exceeds the available context size (16 tokens), try increasing it",
        "type": "exceed_context_size_error", "n_prompt_tokens": 900, "n_ctx": 16,
    ]) }
    static var renameMessages: [String: Any] { error([
        "message": "Unsupported parameter: 'messages' is not supported with this model. Use 'input' instead.",
        "type": "invalid_request_error", "param": "messages", "code": "unsupported_parameter",
    ]) }

    struct World {
        let sandbox = PlanSandbox()
        let services: WeatherServices
        let server: LoopbackServer

        init() throws {
            services = try WeatherServices()
            server = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "8192", "--no-props"])
            let today = CalendarDate(Date())
            try sandbox.succeed(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 2).description])
        }

        var environment: [String: String] {
            services.environment.merging(["PLAN_OFFLINE": "", "PLAN_MODEL": server.baseURL.absoluteString, "PLAN_MODEL_TIMEOUT": "20", "PLAN_TOOL_MODE": "guided"]) { _, new in new }
        }

        func script(_ steps: [[String: Any]]) async throws {
            try await server.control("_control/script", body: ["steps": steps])
        }

        /// Chat requests that were answered (not the poison), as the stand-in received them.
        func requests() async throws -> [[String: Any]] {
            try await server.control("_control/requests")["requests"] as? [[String: Any]] ?? []
        }

        /// The profile plan remembers for the stand-in, as stored.
        func profile() throws -> String {
            try sandbox.sqlite("SELECT profile FROM engine_profiles")
        }
    }

    @Test func anOverflowNamingASixteenTokenWindowIsNotBelievedAndTheNextPackWorks() async throws {
        let world = try World()
        try await world.script([Self.tinyWindow, Self.call, Self.answer])
        let first = try world.sandbox.run(["pack", "1", "--json"], environment: world.environment)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        let stored = try world.profile()
        #expect(!stored.contains("\"contextSize\":16"), "\(stored)")
        // Recovery kept its window: the session after the overflow did not shrink to 16 tokens.
        #expect(try world.sandbox.sqlite("SELECT min(context_size) FROM sessions") == "4096")

        try await world.server.control("_control/reset")
        try await world.script([Self.call, Self.answer])
        let next = try world.sandbox.run(["pack", "1", "--json"], environment: world.environment)
        #expect(next.status == 0, "stderr: \(next.stderr)")
        // The model was asked with its whole transcript, and answered: its session completed in a 4,096 window.
        let sent = try await world.requests()
        #expect(sent.count >= 2 && sent.allSatisfy { ($0["messages"] as? [Any])?.count ?? 0 >= 2 }, "\(sent.count) requests")
        #expect(try world.sandbox.sqlite("SELECT status || ':' || context_size FROM sessions ORDER BY id DESC LIMIT 1") == "completed:4096")

        let doctor = try world.sandbox.run(["doctor", "--json"], environment: world.environment)
        let model = (try doctor.json() as? [String: Any])?["model"] as? [String: Any] ?? [:]
        #expect(model["contextSizeFrom"] as? String == "unknown", "\(model)")
    }

    @Test func aRefusalAskingToRenameMessagesIsNotLearnt() async throws {
        let world = try World()
        try await world.script([Self.renameMessages])
        let refused = try world.sandbox.run(["pack", "1"], environment: world.environment)
        #expect([0, 65, 69].contains(refused.status), "stderr: \(refused.stderr)")
        let stored = try world.profile()
        #expect(!stored.contains("input"), "\(stored)")

        try await world.server.control("_control/reset")
        try await world.script([Self.call, Self.answer])
        let next = try world.sandbox.run(["pack", "1", "--json"], environment: world.environment)
        #expect(next.status == 0, "stderr: \(next.stderr)")
        let sent = try await world.requests()
        #expect(sent.count >= 2 && sent.allSatisfy { $0["messages"] != nil && $0["input"] == nil }, "\(sent.count) requests")
        #expect(try world.sandbox.sqlite("SELECT status FROM sessions ORDER BY id DESC LIMIT 1") == "completed")
    }

    /// What an earlier plan remembered (a window from an overflow, `messages` renamed, a reasoning model from
    /// one reply): doctor asks afresh and replaces it, saying so; `--forget` then drops the rest and says what.
    @Test func doctorReplacesWhatWasLearntAndForgetDropsIt() async throws {
        let world = try World()
        try await world.script([Self.call, Self.answer])
        try world.sandbox.succeed(["pack", "1"], environment: world.environment)
        let poisoned = #"{"contextSize":16,"contextSource":"the server's overflow message","droppedFields":["top_k"],"isReasoning":true,"kind":"openai","models":["m"],"renamedFields":{"messages":"input"},"tokenizer":"estimate"}"#
        _ = try world.sandbox.sqlite("UPDATE engine_profiles SET profile = '\(poisoned.replacingOccurrences(of: "'", with: "''"))'")

        let doctor = try world.sandbox.run(["doctor", "--json"], environment: world.environment)
        let model = try #require((try doctor.json() as? [String: Any])?["model"] as? [String: Any], "\(doctor.stdout)")
        #expect(model["contextSizeFrom"] as? String == "unknown" && model["reasoning"] as? Bool == false, "\(model)")
        #expect(model["replaced"] as? [String] == ["a reasoning model"], "\(model)")
        #expect(model["learnt"] as? [String] == ["top_k not sent"], "\(model)")
        let replaced = try world.profile()
        #expect(!replaced.contains("contextSize") && !replaced.contains("input") && replaced.contains("\"isReasoning\":false"), "\(replaced)")

        _ = try world.sandbox.sqlite("UPDATE engine_profiles SET profile = json_set(profile, '$.contextSize', 2048, '$.contextSource', 'the server''s overflow message')")
        let text = try world.sandbox.run(["doctor"], environment: world.environment)
        #expect(text.stdout.contains("asked afresh, replacing what was learnt: a window of 2,048 tokens, from its overflow message"), "\(text.stdout)")

        let forget = try world.sandbox.run(["doctor", "--forget"], environment: world.environment)
        #expect(forget.status == 0, "stderr: \(forget.stderr)")
        #expect(forget.stdout.contains("Forgot what plan learnt about \(world.server.baseURL.absoluteString)") && forget.stdout.contains("top_k not sent"),
                "\(forget.stdout)")
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM engine_profiles") == "0")
        let again = try world.sandbox.run(["doctor", "--forget", "--json"], environment: world.environment)
        #expect(again.status == 0, "stderr: \(again.stderr)")
        let said = try #require(try again.json() as? [String: Any])
        #expect(said["forgotten"] as? Bool == false && (said["learnt"] as? [Any])?.isEmpty == true, "\(said)")
        let words = try world.sandbox.run(["doctor", "--forget"], environment: world.environment)
        #expect(words.stdout.contains("plan has learnt nothing about"), "\(words.stdout)")
        let builtin = try world.sandbox.run(["doctor", "--forget"], environment: ["PLAN_MODEL": "builtin"])
        #expect(builtin.status == 0 && builtin.stdout.contains("nothing to forget"), "\(builtin.stdout) \(builtin.stderr)")
        // And the next pack asks the server afresh, and works.
        try await world.script([Self.call, Self.answer])
        try world.sandbox.succeed(["pack", "1"], environment: world.environment)
    }

    /// Issue 41, point 6: doctor's count is what it lists as problems, each named (an unreachable geocoder is
    /// listed as no problem: the offline place data stands in), and it suggests the built-in engine only
    /// when another is in use.
    @Test func doctorCountsWhatItListsAndSuggestsOnlyWhatHelps() throws {
        let sandbox = PlanSandbox()
        let closed = "http://127.0.0.1:9"
        let unreachable = [
            "PLAN_OFFLINE": "", "PLAN_NWS_URL": closed, "PLAN_OPEN_METEO_URL": closed, "PLAN_GEOCODER_URL": closed,
            "PLAN_NOMINATIM_URL": closed, "PLAN_CONTACT": "tests@example.com",
        ]
        let builtin = try sandbox.run(["doctor"], environment: unreachable.merging(["PLAN_MODEL": "builtin"]) { _, new in new })
        let listed = builtin.stdout.components(separatedBy: "UNREACHABLE").count - 1
        #expect(builtin.status == 69 && listed == 2, "\(builtin.stdout)")
        #expect(builtin.stdout.components(separatedBy: "unreachable, not counted as a problem").count - 1 == 2, "\(builtin.stdout)")
        #expect(builtin.stderr.contains("2 problems found: NWS unreachable, Open-Meteo unreachable (see above)."), "\(builtin.stderr)")
        #expect(!builtin.stderr.contains("PLAN_MODEL=builtin") && builtin.stderr.contains("--offline"), "\(builtin.stderr)")
        let json = try sandbox.run(["doctor", "--json"], environment: unreachable)
        let report = try #require(try json.json() as? [String: Any])
        #expect(report["problems"] as? Int == 2 && (report["found"] as? [String])?.count == 2, "\(report)")

        let server = try sandbox.run(["doctor", "--offline"], environment: ["PLAN_MODEL": closed, "PLAN_CONTACT": "tests@example.com"])
        #expect(server.status == 69 && server.stderr.contains("1 problem found: the model server unreachable"), "\(server.stdout) \(server.stderr)")
        #expect(server.stderr.contains("PLAN_MODEL=builtin") && !server.stderr.contains("--offline"), "\(server.stderr)")
    }
}
