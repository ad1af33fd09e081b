import Foundation
import Model
import Store
import TestSupport
import Testing

/// Sessions cut short from outside: a follow-up resumed by the next ask; a pack killed with SIGKILL (its
/// session left `running` by a dead process) read as interrupted and resumed; a pack whose process is alive
/// left alone (a second pack exits 75); Ctrl-C (SIGINT) while plan waits on the model, for pack and ask.
/// Against the scripted llama-server look-alike, which holds its reply (a long `sleep` step) so the signal
/// lands while plan waits; each signal is sent once the stand-in has the request, never after a fixed delay.
@Suite struct InterruptedSessionTests {
    static let today = CalendarDate(Date())
    static var forecastCall: [String: Any] { [
        "json": ["tool_call": ["name": "forecast", "arguments": ["latitude": 39.7392, "longitude": -104.9847]]],
    ] }
    /// Holds the reply far longer than any test runs (the stand-in is stopped with its test).
    static var hold: [String: Any] { ["sleep": PlanSandbox.modelHold] }

    struct World {
        let sandbox = PlanSandbox()
        let services: WeatherServices

        init() throws {
            services = try WeatherServices()
            let added = try sandbox.run([
                "add", "Denver, CO", "--from", InterruptedSessionTests.today.description,
                "--to", InterruptedSessionTests.today.adding(days: 2).description,
            ])
            #expect(added.status == 0, "stderr: \(added.stderr)")
        }

        func environment(_ server: LoopbackServer) -> [String: String] {
            services.environment.merging([
                "PLAN_OFFLINE": "", "PLAN_MODEL": server.baseURL.absoluteString, "PLAN_MODEL_TIMEOUT": String(PlanSandbox.modelHold),
            ]) { _, new in new }
        }

        func forecastFetches() async throws -> Int {
            try await services.requestLog().filter { ($0["path"] as? String)?.contains("/forecast") == true }.count
        }

        /// `plan <arguments>` started in the background, its stderr collected.
        func start(_ arguments: [String], _ server: LoopbackServer) throws -> Background {
            try Background(arguments, environment: sandbox.environment.merging(environment(server)) { _, new in new }, folder: sandbox.folder)
        }
    }

    /// A running `plan` process.
    final class Background: @unchecked Sendable {
        // @unchecked Sendable: both are set once in init; Process and Pipe are used from one test at a time.
        let process = Process()
        let errors = Pipe()

        init(_ arguments: [String], environment: [String: String], folder: URL) throws {
            process.executableURL = PlanSandbox.binary
            process.arguments = arguments
            process.environment = environment
            process.currentDirectoryURL = folder
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = errors
            try process.run()
        }

        func signal(_ number: Int32) {
            kill(process.processIdentifier, number)
        }

        /// Waits for the end and returns the exit status (or the signal) and stderr.
        func finish() -> (status: Int32, reason: Process.TerminationReason, stderr: String) {
            // A signal plan missed would leave it running: killed after the harness's deadline instead.
            let watchdog = PlanSandbox.killIfRunning(process)
            defer { watchdog.cancel() }
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, process.terminationReason, stderr)
        }
    }

    func fake(_ steps: [[String: Any]]) async throws -> LoopbackServer {
        let server = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "8192"])
        try await server.control("_control/script", body: ["steps": steps])
        return server
    }

    /// Model rounds the stand-in has received (a one-token prewarm is not a round).
    func rounds(_ server: LoopbackServer) async throws -> [[String: Any]] {
        let requests = try await server.control("_control/requests")["requests"] as? [[String: Any]] ?? []
        return requests.filter { ($0["max_tokens"] as? Int ?? 0) > 1 || ($0["max_completion_tokens"] as? Int ?? 0) > 1 }
    }

    /// Returns once the stand-in has received `count` rounds (plan then waits on the held reply); polls the
    /// stand-in's own record of requests, up to `PlanSandbox.patience`, failing if `process` ends first.
    func waitForRounds(_ count: Int, at server: LoopbackServer, while process: Background) async throws {
        let deadline = Date().addingTimeInterval(PlanSandbox.patience)
        while try await rounds(server).count < count {
            try #require(process.process.isRunning, "plan ended before the model was asked")
            try #require(Date() < deadline, "the stand-in never received round \(count)")
            try await Task.sleep(nanoseconds: 20_000_000)  // a polling interval, not a timing assumption
        }
    }

    @Test func anInterruptedAskIsResumedByTheNextAskWithoutRepeatingItsToolCall() async throws {
        let world = try World()
        // No pack yet, so no pinned forecast: the follow-up offers the forecast tool. The server dies after it.
        let first = try await fake([Self.forecastCall, ["die": true]])
        let question = "Will it snow in Denver on the second day?"
        let cut = try world.sandbox.run(["ask", "1", question], environment: world.environment(first))
        #expect(cut.status == 69, "stderr: \(cut.stderr)")
        #expect(try world.sandbox.sqlite("SELECT purpose || ':' || status FROM sessions") == "ask:interrupted")
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM transcript_entries WHERE kind = 'toolOutput' AND tool = 'forecast'") == "1")
        let history = try world.sandbox.run(["history"])
        #expect(history.stdout.contains("the next ask resumes it"), "\(history.stdout)")
        let fetched = try await world.forecastFetches()

        let second = try await fake([["content": "Snow is not in the forecast; expect dry, cold days."]])
        let resumed = try world.sandbox.run(["ask", "1", question, "--json"], environment: world.environment(second))
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(resumed.stderr.contains("resumed interrupted session 1 (1 tool call not asked again)"), "stderr: \(resumed.stderr)")
        let answer = try #require(try resumed.json() as? [String: Any])
        #expect(answer["resumed"] as? Int == 1)
        // One round: the answer, sent the forecast already fetched; the question is not asked twice.
        let asked = try await rounds(second)
        #expect(asked.count == 1, "\(asked.count) rounds")
        let messages = asked.first?["messages"] as? [[String: Any]] ?? []
        #expect(messages.contains { $0["role"] as? String == "tool" && ($0["content"] as? String)?.contains("NWS forecast for Denver") == true }, "\(messages)")
        #expect(messages.filter { ($0["content"] as? String) == question }.count == 1)
        #expect(try await world.forecastFetches() == fetched, "the forecast was fetched again")
        #expect(try world.sandbox.sqlite("SELECT relation || ':' || parent_id || ':' || status FROM sessions WHERE id = 2") == "resumed:1:completed")
        let after = try world.sandbox.run(["history"])
        #expect(after.stdout.contains("interrupted (resumed by session 2)"), "\(after.stdout)")

        // --restart: a fresh follow-up, linked to the last completed one (2), not to the interrupted one (3).
        let third = try await fake([["die": true]])
        let dropped = try world.sandbox.run(["ask", "1", "And the first day?"], environment: world.environment(third))
        #expect(dropped.status == 69, "stderr: \(dropped.stderr)")
        #expect(try world.sandbox.sqlite("SELECT status FROM sessions WHERE id = 3") == "interrupted")
        let fourth = try await fake([["content": "The first day is dry and cold."]])
        let fresh = try world.sandbox.run(["ask", "1", "And the first day?", "--restart"], environment: world.environment(fourth))
        #expect(fresh.status == 0, "stderr: \(fresh.stderr)")
        #expect(!fresh.stderr.contains("resumed"), "stderr: \(fresh.stderr)")
        #expect(try world.sandbox.sqlite("SELECT parent_id FROM sessions WHERE id = 4") == "2")
    }

    @Test func aPackKilledWithSIGKILLIsReadAsInterruptedAndResumed() async throws {
        let world = try World()
        let first = try await fake([Self.forecastCall, Self.hold])
        let pack = try world.start(["pack", "1"], first)
        // Round 2 is asked once the forecast's output is stored: the process dies holding a running session.
        try await waitForRounds(2, at: first, while: pack)
        pack.signal(SIGKILL)
        let killed = pack.finish()
        #expect(killed.reason == .uncaughtSignal)
        #expect(try world.sandbox.sqlite("SELECT status FROM sessions") == "running")
        #expect(try world.sandbox.sqlite("SELECT owner_pid FROM sessions") == String(pack.process.processIdentifier))
        // history reads it as it is: interrupted, its process gone.
        let history = try world.sandbox.run(["history"])
        #expect(history.stdout.contains("interrupted (its process ended; the next pack resumes it)"), "\(history.stdout)")
        let listed = try #require(try world.sandbox.run(["history", "--json"]).json() as? [[String: Any]])
        #expect(listed.first?["status"] as? String == "interrupted")
        let fetched = try await world.forecastFetches()

        let second = try await fake([InterruptedPackTests.answer])
        let resumed = try world.sandbox.run(["pack", "1", "--json"], environment: world.environment(second))
        #expect(resumed.status == 0, "stderr: \(resumed.stderr)")
        #expect(resumed.stderr.contains("resumed interrupted session 1"), "stderr: \(resumed.stderr)")
        #expect(try await rounds(second).count == 1)
        #expect(try await world.forecastFetches() == fetched, "the forecast was fetched again")
        #expect(try world.sandbox.sqlite("SELECT status || ':' || (error LIKE '%process%ended%') FROM sessions WHERE id = 1") == "interrupted:1")
        #expect(try world.sandbox.sqlite("SELECT relation || ':' || parent_id || ':' || status FROM sessions WHERE id = 2") == "resumed:1:completed")
    }

    @Test func aPackWhoseProcessIsAliveIsLeftAloneAndCtrlCInterruptsIt() async throws {
        let world = try World()
        let server = try await fake([Self.hold])
        let pack = try world.start(["pack", "1"], server)
        try await waitForRounds(1, at: server, while: pack)

        // Another pack of the same trip while the first waits on the model: refused, the first untouched.
        let second = try world.sandbox.run(["pack", "1"], environment: world.environment(server))
        #expect(second.status == 75, "stderr: \(second.stderr)")
        #expect(second.stderr.contains("another 'plan pack' of trip 1 is in progress"), "stderr: \(second.stderr)")
        #expect(second.stderr.split(separator: "\n").count <= 2, "stderr: \(second.stderr)")
        #expect(try world.sandbox.sqlite("SELECT group_concat(status) FROM sessions") == "running")
        let history = try world.sandbox.run(["history"])
        #expect(history.stdout.contains("running (process \(pack.process.processIdentifier))"), "\(history.stdout)")

        // Ctrl-C while plan waits on the held reply: interrupted with every entry so far, one line, exit 130.
        pack.signal(SIGINT)
        let ended = pack.finish()
        #expect(ended.reason == .exit && ended.status == 130, "\(ended.status): \(ended.stderr)")
        #expect(ended.stderr.contains("the next 'plan pack' resumes the session"), "stderr: \(ended.stderr)")
        #expect(ended.stderr.split(separator: "\n").filter { $0.contains("interrupted") }.count == 1, "stderr: \(ended.stderr)")
        let row = try world.sandbox.sqlite("SELECT status || ':' || coalesce(error, '-') FROM sessions")
        #expect(row == "interrupted:interrupted (Ctrl-C)", "\(row); stderr: \(ended.stderr)")
        let kinds = try world.sandbox.sqlite("SELECT group_concat(kind) FROM (SELECT kind FROM transcript_entries ORDER BY seq)")
        #expect(kinds == "instructions,prompt", "\(kinds)")
        #expect(try world.sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }

    @Test func ctrlCDuringAnAskSaysTheNextAskResumesIt() async throws {
        let world = try World()
        let server = try await fake([Self.hold])
        let ask = try world.start(["ask", "1", "Will it snow on the second day?"], server)
        try await waitForRounds(1, at: server, while: ask)
        ask.signal(SIGINT)
        let ended = ask.finish()
        #expect(ended.reason == .exit && ended.status == 130, "\(ended.status): \(ended.stderr)")
        #expect(ended.stderr.contains("the next 'plan ask' resumes the session"), "stderr: \(ended.stderr)")
        #expect(!ended.stderr.contains("'plan pack'"), "stderr: \(ended.stderr)")
        #expect(try world.sandbox.sqlite("SELECT purpose || ':' || status FROM sessions") == "ask:interrupted")
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM transcript_entries WHERE kind = 'prompt'") == "1")
    }
}
