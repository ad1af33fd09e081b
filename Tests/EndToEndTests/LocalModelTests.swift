import Foundation
import Store
import TestSupport
import Testing

/// `plan` against a real llama-server running SmolLM2-135M-Instruct (installed by scripts/install-llama.sh).
/// Assertions are about protocol, persistence and recovery, not about the prose of a 135M model.
@Suite(.serialized, .oneModelAtATime, .enabled(if: LlamaServer.isAvailable || LlamaServer.isRequired, "needs LLAMA_SERVER and LLAMA_MODEL"))
struct LocalModelTests {
    static let today = CalendarDate(Date())

    struct World {
        let sandbox = PlanSandbox()
        let services: WeatherServices

        func environment(_ model: LlamaServer) -> [String: String] {
            services.environment.merging([
                "PLAN_OFFLINE": "", "PLAN_MODEL": model.baseURL.absoluteString, "PLAN_MODEL_TIMEOUT": "900",
            ]) { _, new in new }
        }

        func addTrip(_ destination: String) throws {
            let result = try sandbox.run([
                "add", destination, "--from", LocalModelTests.today.description,
                "--to", LocalModelTests.today.adding(days: 2).description,
            ])
            #expect(result.status == 0, "stderr: \(result.stderr)")
        }
    }

    func world() throws -> World {
        if LlamaServer.isRequired && !LlamaServer.isAvailable {
            Issue.record("PLAN_REQUIRE_LLAMA=1 but LLAMA_SERVER/LLAMA_MODEL are missing; run scripts/install-llama.sh")
        }
        return World(services: try WeatherServices())
    }

    @Test func aGuidedToolCallingPackEndsInAStructuredList() async throws {
        let world = try world()
        let model = try LlamaServer(contextSize: 4_096)
        try world.addTrip("Denver, CO")
        let doctor = try world.sandbox.run(["doctor", "--json"], environment: world.environment(model))
        let report = try #require(try doctor.json() as? [String: Any])
        let modelReport = try #require(report["model"] as? [String: Any])
        #expect(modelReport["toolCalling"] as? String == "guided")  // SmolLM2's template has no tool support
        #expect(modelReport["contextSize"] as? Int == 4_096)
        #expect(modelReport["tokenizer"] as? String == "server")

        let pack = try world.sandbox.run(["pack", "1", "--json"], environment: world.environment(model))
        #expect(pack.status == 0, "stderr: \(pack.stderr)")
        let list = try #require(try pack.json() as? [String: Any])
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(!items.isEmpty)
        #expect(items.allSatisfy { $0["name"] is String && $0["category"] is String && $0["reason"] is String })

        let sessionID = try #require(list["session"] as? Int)
        let history = try #require(try world.sandbox.run(["history", "show", String(sessionID), "--json"]).json() as? [String: Any])
        let entries = try #require(history["entries"] as? [[String: Any]])
        let kinds = entries.compactMap { $0["kind"] as? String }
        #expect(kinds.first == "instructions")
        #expect(kinds.suffix(2) == ["response", "check"])
        // The first round had to be a tool call, and every call got its output.
        #expect(kinds.count >= 5)
        #expect(kinds[2] == "toolCalls")
        #expect(kinds.filter { $0 == "toolCalls" }.count == kinds.filter { $0 == "toolOutput" }.count)
        // The planner requires the forecast before an answer; the model chose the arguments.
        let called = Set(entries.filter { $0["kind"] as? String == "toolCalls" }.compactMap { $0["tool"] as? String })
        #expect(called.contains("forecast"))
        // Usage came from the real server; entry tokens are the server's own tokenizer counts.
        #expect((history["promptTokens"] as? Int ?? 0) > 0)
        #expect((history["completionTokens"] as? Int ?? 0) > 0)
        let prompt = try #require(entries.first { $0["kind"] as? String == "prompt" })
        #expect(prompt["tokens"] as? Int == (try model.tokenCount(try #require(prompt["text"] as? String))))
    }

    @Test func aRealOverflowIsRecoveredFromTheServers400() async throws {
        let world = try world()
        try world.addTrip("Denver, CO")
        // A built-in pack leaves a long session (the forecast and a whole list) for the follow-up to resume.
        let builtin = try world.sandbox.run(["pack", "1"], environment: world.services.environment.merging(["PLAN_OFFLINE": ""]) { _, new in new })
        #expect(builtin.status == 0, "stderr: \(builtin.stderr)")
        let model = try LlamaServer(contextSize: 512)
        // --context-size makes plan believe the window is large, so the server itself must refuse.
        let ask = try world.sandbox.run(
            ["ask", "1", "Is a warm hat needed?", "--context-size", "100000", "--json"], environment: world.environment(model)
        )
        #expect(ask.status == 0, "stderr: \(ask.stderr)")
        let answer = try #require(try ask.json() as? [String: Any])
        #expect(answer["recoveries"] as? [String] == ["condensed"])
        let sessions = try #require(try world.sandbox.run(["history", "--json"]).json() as? [[String: Any]])
        let recovered = try #require(sessions.first { $0["status"] as? String == "recovered" })
        #expect((recovered["error"] as? String)?.contains("context") == true)
        let final = try #require(sessions.first { $0["id"] as? Int == answer["session"] as? Int })
        #expect(final["parent"] as? Int == recovered["id"] as? Int)
        #expect(final["relation"] as? String == "condensed")
        #expect(final["status"] as? String == "completed")
    }

    @Test func aServerKilledMidSessionIs69WithTheTranscriptIntact() async throws {
        let world = try world()
        try world.addTrip("Seattle")
        let model = try LlamaServer(contextSize: 4_096)
        let process = Process()
        process.executableURL = PlanSandbox.binary
        process.arguments = ["pack", "1"]
        process.environment = world.sandbox.environment.merging(world.environment(model)) { _, new in new }
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        // Wait until the prompt is on disk (the first model call is then in flight), then kill the server.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if (try? world.sandbox.sqlite("SELECT count(*) FROM transcript_entries")).flatMap(Int.init) ?? 0 >= 2 { break }
            usleep(50_000)
        }
        model.kill()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 69, "stderr: \(stderr)")
        #expect(stderr.contains("unavailable"))
        #expect(stderr.split(separator: "\n").count <= 3)
        #expect(try world.sandbox.sqlite("PRAGMA integrity_check") == "ok")
        #expect(try world.sandbox.sqlite("SELECT status FROM sessions") == "failed")
        let kinds = try world.sandbox.sqlite("SELECT group_concat(kind) FROM (SELECT kind FROM transcript_entries ORDER BY seq)")
        #expect(kinds.hasPrefix("instructions,prompt"))
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM trips") == "1")
    }
}
