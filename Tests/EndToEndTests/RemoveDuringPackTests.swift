import Foundation
import Model
import Store
import TestSupport
import Testing

/// `plan rm 1` while `plan pack 1` waits on the model (issue 20): the pack ends with exit 66 and one plain
/// line saying the trip went away, never SQLite's "FOREIGN KEY constraint failed"; nothing of the trip is
/// left behind, and the database is sound. Against the scripted llama-server look-alike: no real model.
@Suite struct RemoveDuringPackTests {
    @Test func aTripRemovedWhileItsPackWaitsOnTheModelEndsThePackWith66() async throws {
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let today = CalendarDate(Date())
        let added = try sandbox.run(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 2).description])
        #expect(added.status == 0, "stderr: \(added.stderr)")

        let server = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "8192"])
        let call: [String: Any] = ["json": ["tool_call": ["name": "forecast", "arguments": ["latitude": 39.7392, "longitude": -104.9847]]]]
        // The second round (after the forecast) is held until released: the pack is then waiting on the model.
        // The model's deadline is long, since the test releases the hold itself: on a loaded CI machine the
        // `rm` and the release once came more than 30 s after the hold began, and the pack timed out first;
        // and once more than 60 s, the stand-in's own bound on a hold, so the pack went on and finished before
        // the `rm`. The hold now lasts as long as the model's deadline.
        try await server.control("_control/script", body: ["steps": [call, ["hold": true, "at_most": PlanSandbox.modelHold], InterruptedPackTests.answer]])
        let environment = sandbox.environment.merging(services.environment.merging([
            "PLAN_OFFLINE": "", "PLAN_MODEL": server.baseURL.absoluteString, "PLAN_MODEL_TIMEOUT": String(PlanSandbox.modelHold),
        ]) { _, new in new }) { _, new in new }
        let binary = PlanSandbox.binary
        let folder = sandbox.folder
        let process = Process()
        process.executableURL = binary
        process.arguments = ["pack", "1"]
        process.environment = environment
        process.currentDirectoryURL = folder
        let packing = PlanSandbox.runInBackground(process)

        // Wait until the pack has sent its second round (the one the stand-in holds). A bound, not a timing
        // claim: with the whole suite running on two cores, a debug pack took over 20 s to get there.
        let deadline = Date().addingTimeInterval(PlanSandbox.patience)
        var rounds = 0
        while Date() < deadline {
            let requests = try await server.control("_control/requests")["requests"] as? [[String: Any]] ?? []
            rounds = requests.filter { ($0["max_tokens"] as? Int ?? 0) > 1 }.count
            if rounds >= 2 { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(rounds >= 2, "the pack never reached its second round")
        let removed = try sandbox.run(["rm", "1", "--yes"])
        #expect(removed.status == 0, "stderr: \(removed.stderr)")
        _ = try await server.control("_control/release", body: [:])

        let pack = try await packing.value
        #expect(pack.status == 66, "stderr: \(pack.stderr)\nstdout: \(pack.stdout.prefix(600))")
        let lines = pack.stderr.split(separator: "\n").filter { !$0.hasPrefix("Resolving") && !$0.contains("…") }
        #expect(lines.count >= 1 && lines.count <= 2, "stderr: \(pack.stderr)")
        #expect(pack.stderr.contains("removed"), "stderr: \(pack.stderr)")
        #expect(!pack.stderr.contains("FOREIGN KEY") && !pack.stderr.contains("constraint"), "stderr: \(pack.stderr)")
        #expect(try sandbox.sqlite("SELECT count(*) FROM trips") == "0")
        #expect(try sandbox.sqlite("SELECT count(*) FROM sessions") == "0")
        #expect(try sandbox.sqlite("SELECT count(*) FROM packing_lists") == "0")
        #expect(try sandbox.sqlite("PRAGMA foreign_key_check") == "")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }
}
