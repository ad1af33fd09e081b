import Foundation
import Model
import Store
import TestSupport
import Testing

/// A trip changed while it is being packed (issue 32): the list made for the old trip is stored out of
/// date, never as the current one; an interrupted pack is resumed only for the trip it began with; and two
/// packs of one trip never both run. Against the scripted llama-server look-alike, held where the test says.
@Suite(.serialized) struct TripChangesDuringPackTests {
    static var call: [String: Any] { ["json": ["tool_call": ["name": "forecast", "arguments": ["latitude": 39.7392, "longitude": -104.9847]]]] }

    struct Setting {
        let sandbox = PlanSandbox()
        let services: WeatherServices
        let today = CalendarDate(Date())

        init() throws {
            services = try WeatherServices()
            let added = try sandbox.run(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 2).description])
            #expect(added.status == 0, "stderr: \(added.stderr)")
        }

        func environment(_ server: LoopbackServer) -> [String: String] {
            sandbox.environment.merging(services.environment.merging([
                "PLAN_OFFLINE": "", "PLAN_MODEL": server.baseURL.absoluteString, "PLAN_MODEL_TIMEOUT": String(PlanSandbox.modelHold),
            ]) { _, new in new }) { _, new in new }
        }

        /// `plan <arguments>` started in the background.
        func start(_ arguments: [String], _ server: LoopbackServer) -> Task<(status: Int32, stdout: String, stderr: String), any Error> {
            let environment = environment(server)
            let binary = PlanSandbox.binary
            let folder = sandbox.folder
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = folder
            return PlanSandbox.runInBackground(process)
        }
    }

    static func fake(_ steps: [[String: Any]]) async throws -> LoopbackServer {
        let server = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "8192"])
        try await server.control("_control/script", body: ["steps": steps])
        return server
    }

    /// Waits (with a generous bound, not a timing claim) until `reached` says the server got that far.
    static func wait(for server: LoopbackServer, _ reached: ([String: Any]) -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(PlanSandbox.patience)
        while Date() < deadline {
            if reached(try await server.control("_control/requests")) { return true }
            try await Task.sleep(for: .milliseconds(50))
        }
        return false
    }

    @Test func aListMadeWhileTheTripWasEditedIsStoredOutOfDate() async throws {
        let setting = try Setting()
        let server = try await Self.fake([Self.call, ["hold": true, "at_most": PlanSandbox.modelHold], InterruptedPackTests.answer])
        let packing = setting.start(["pack", "1"], server)
        // The second round (after the forecast for the old dates) is held: the pack is at work on the old trip.
        let held = try await Self.wait(for: server) { state in
            ((state["requests"] as? [[String: Any]]) ?? []).filter { ($0["max_tokens"] as? Int ?? 0) > 1 }.count >= 2
        }
        #expect(held, "the pack never reached its second round")
        let edited = try setting.sandbox.run(["edit", "1", "--to", setting.today.adding(days: 4).description])
        #expect(edited.status == 0, "stderr: \(edited.stderr)")
        _ = try await server.control("_control/release", body: [:])

        let pack = try await packing.value
        #expect(pack.status == 0, "stderr: \(pack.stderr)")
        #expect(pack.stderr.contains("out of date"), "stderr: \(pack.stderr)")
        #expect(try setting.sandbox.sqlite("SELECT out_of_date IS NOT NULL FROM packing_lists") == "1")
        let shown = try setting.sandbox.run(["show", "1", "--json"])
        let list = try #require((try shown.json() as? [String: Any])?["packingList"] as? [String: Any], "\(shown.stderr)")
        #expect(list["outOfDate"] as? Bool == true)
        #expect((list["outOfDateReason"] as? String)?.contains("while it was being packed") == true)
    }

    @Test func anInterruptedPackIsNotResumedForATripChangedSince() async throws {
        let setting = try Setting()
        let first = try await Self.fake([Self.call, ["die": true]])
        let cut = try setting.sandbox.run(["pack", "1"], environment: setting.environment(first))
        #expect(cut.status == 69, "stderr: \(cut.stderr)")
        #expect(try setting.sandbox.sqlite("SELECT status FROM sessions") == "interrupted")
        let edited = try setting.sandbox.run(["edit", "1", "--to", setting.today.adding(days: 4).description])
        #expect(edited.status == 0, "stderr: \(edited.stderr)")

        let second = try await Self.fake([Self.call, InterruptedPackTests.answer])
        let packed = try setting.sandbox.run(["pack", "1", "--json"], environment: setting.environment(second))
        #expect(packed.status == 0, "stderr: \(packed.stderr)")
        #expect(!packed.stderr.contains("resumed interrupted session"), "stderr: \(packed.stderr)")
        let notices = packed.stderr.split(separator: "\n").filter { $0.contains("starting afresh") }
        #expect(notices.count == 1, "stderr: \(packed.stderr)")
        // A fresh session, for the trip as it is: not a child of the interrupted one, its list current.
        #expect(try setting.sandbox.sqlite("SELECT coalesce(relation, '-') || ':' || status FROM sessions WHERE id = 2") == "-:completed")
        #expect(try setting.sandbox.sqlite("SELECT out_of_date IS NULL FROM packing_lists") == "1")
        let rounds = (try await second.control("_control/requests")["requests"] as? [[String: Any]] ?? [])
            .filter { ($0["max_tokens"] as? Int ?? 0) > 1 }
        #expect(rounds.count == 2, "\(rounds.count) rounds: the forecast was not asked again for the new dates")
    }

    @Test func aSecondPackStartedWhileTheFirstProbesTheEngineStops() async throws {
        let setting = try Setting()
        let server = try await Self.fake([Self.call, InterruptedPackTests.answer])
        _ = try await server.control("_control/config", body: ["hold_props": true])
        // --context-size: a probe the stand-in holds past its 10 s deadline (a loaded machine) costs the first
        // pack only the served name, not the pack.
        let first = setting.start(["pack", "1", "--context-size", "8192"], server)
        let probing = try await Self.wait(for: server) { state in
            ((state["log"] as? [[String: Any]]) ?? []).contains { $0["path"] as? String == "/props" }
        }
        #expect(probing, "the first pack never probed the engine")
        // The second pack starts while the first waits on /props: it must stop at once (75). Before the guard
        // was one write, the first had no session yet, so the second went on as well and both packed.
        let refused = try setting.sandbox.run(["pack", "1", "--context-size", "8192"], environment: setting.environment(server))
        _ = try await server.control("_control/release", body: [:])
        let packed = try await first.value
        #expect(refused.status == 75, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("in progress"), "stderr: \(refused.stderr)")
        #expect(packed.status == 0, "stderr: \(packed.stderr)")
        #expect(try setting.sandbox.sqlite("SELECT count(*) FROM sessions") == "1")
        #expect(try setting.sandbox.sqlite("SELECT count(*) FROM packing_lists") == "1")
    }
}
