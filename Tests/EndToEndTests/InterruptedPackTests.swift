import Foundation
import Model
import Store
import TestSupport
import Testing

/// A pack cut short (here: the model server dies after the forecast was fetched) leaves its session
/// `interrupted`; the next pack resumes it without asking the model for the forecast again, and says so;
/// `--restart` starts afresh. Against the scripted llama-server look-alike: no real model.
@Suite struct InterruptedPackTests {
    static var answer: [String: Any] { ["response": [
        "items": [
            ["category": "Clothing", "name": "Warm jacket", "quantity": 1, "reason": "Cold days", "weather": false],
            ["category": "Footwear", "name": "Boots", "quantity": 1, "reason": "Walking", "weather": false],
        ],
        "notices": [String](),
    ]] }

    func fake(_ steps: [[String: Any]]) async throws -> LoopbackServer {
        let server = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "8192"])
        try await server.control("_control/script", body: ["steps": steps])
        return server
    }

    @Test func anInterruptedPackIsResumedWithoutRepeatingItsToolCalls() async throws {
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let today = CalendarDate(Date())
        let added = try sandbox.run(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 2).description])
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let call: [String: Any] = ["json": ["tool_call": ["name": "forecast", "arguments": ["latitude": 39.7392, "longitude": -104.9847]]]]
        let first = try await fake([call, ["die": true]])
        func environment(_ server: LoopbackServer) -> [String: String] {
            services.environment.merging(["PLAN_OFFLINE": "", "PLAN_MODEL": server.baseURL.absoluteString, "PLAN_MODEL_TIMEOUT": "20"]) { _, new in new }
        }
        let cut = try sandbox.run(["pack", "1"], environment: environment(first))
        #expect(cut.status == 69, "stderr: \(cut.stderr)")
        #expect(try sandbox.sqlite("SELECT status FROM sessions") == "interrupted")
        #expect(try sandbox.sqlite("SELECT count(*) FROM transcript_entries WHERE kind = 'toolOutput' AND tool = 'forecast'") == "1")
        #expect(cut.stderr.contains("resumes") || cut.stderr.contains("resume"), "stderr: \(cut.stderr)")
        let forecastsBefore = try await services.requestLog().filter { ($0["path"] as? String)?.contains("/forecast") == true }.count

        let second = try await fake([Self.answer])
        let resumed = try sandbox.run(["pack", "1", "--json"], environment: environment(second))
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(resumed.stderr.contains("resumed interrupted session 1"), "stderr: \(resumed.stderr)")
        // One round only: the answer. The forecast call was not asked again, and its output was sent along.
        let requests = try await second.control("_control/requests")["requests"] as? [[String: Any]] ?? []
        let rounds = requests.filter { ($0["max_tokens"] as? Int ?? 0) > 1 }
        #expect(rounds.count == 1, "\(rounds.count) rounds")
        let messages = rounds.first?["messages"] as? [[String: Any]] ?? []
        #expect(messages.contains { ($0["content"] as? String)?.hasPrefix("Result of forecast") == true })
        let forecastsAfter = try await services.requestLog().filter { ($0["path"] as? String)?.contains("/forecast") == true }.count
        #expect(forecastsAfter == forecastsBefore, "the forecast was fetched again")
        #expect(try sandbox.sqlite("SELECT relation || ':' || parent_id || ':' || status FROM sessions WHERE id = 2") == "resumed:1:completed")
        let pack = try #require(try resumed.json() as? [String: Any])
        #expect((pack["items"] as? [[String: Any]])?.isEmpty == false)

        // Resumed once: the next pack starts afresh (nothing is interrupted any more); --restart is accepted.
        let third = try await fake([call, Self.answer])
        let fresh = try sandbox.run(["pack", "1", "--restart"], environment: environment(third))
        #expect(fresh.status == 0, "stderr: \(fresh.stderr)")
        #expect(!fresh.stderr.contains("resumed"))
        #expect(try sandbox.sqlite("SELECT parent_id IS NULL FROM sessions WHERE id = 3") == "1")
    }
}
