import Foundation
import Model
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
        let model = try SharedLlamaServers.server(contextSize: 4_096)
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

    /// A follow-up long enough (about 200 tokens) that the trip's facts and it overflow a 512-token window:
    /// the checked list is compact, so a short question alone would fit.
    static let longQuestion = """
        I am going to spend most of each day walking around downtown Denver and the museums, and one of the \
        afternoons I would like to drive up towards the foothills to look at the snow and maybe walk a short \
        trail if the road is open. I get cold easily, my ears in particular, and I would rather not carry a big \
        bag around the city. I already have a warm coat, gloves and boots that are waterproof. Given the heavy \
        snow and the wind in the forecast, is a warm hat really needed on top of everything else, or would a \
        hood do? And should I bring something for my face and neck for the windy day, or is that too much for \
        a city trip? Please answer with the day and the weather that makes the difference.
        """

    @Test func aRealOverflowIsRecoveredFromTheServers400() async throws {
        let world = try world()
        try world.addTrip("Denver, CO")
        // A built-in pack leaves a long session (the forecast and a whole list) for the follow-up to resume.
        let builtin = try world.sandbox.run(["pack", "1"], environment: world.services.environment.merging(["PLAN_OFFLINE": ""]) { _, new in new })
        #expect(builtin.status == 0, "stderr: \(builtin.stderr)")
        let model = try SharedLlamaServers.server(contextSize: 512)
        // --context-size makes plan believe the window is large, so the server itself must refuse.
        let ask = try world.sandbox.run(
            ["ask", "1", Self.longQuestion, "--context-size", "100000", "--json"], environment: world.environment(model)
        )
        #expect(ask.status == 0, "stderr: \(ask.stderr)")
        let answer = try #require(try ask.json() as? [String: Any])
        // The server's 400 starts the chain: condensed first; when the facts and the question alone still
        // overflow the window, a fresh session follows. The answer comes from the last link.
        let recoveries = answer["recoveries"] as? [String] ?? []
        #expect(recoveries.first == "condensed", "\(recoveries)")
        let sessions = try #require(try world.sandbox.run(["history", "--json"]).json() as? [[String: Any]])
        let recovered = try #require(sessions.first { $0["status"] as? String == "recovered" })
        #expect((recovered["error"] as? String)?.contains("context") == true)
        let final = try #require(sessions.first { $0["id"] as? Int == answer["session"] as? Int })
        #expect(final["parent"] as? Int == recovered["id"] as? Int)
        #expect(final["relation"] as? String == recoveries.last)
        #expect(final["status"] as? String == "completed")
    }

    /// The kill lands while the first model call is in flight (the prompt is on disk). This test's polling
    /// through the sqlite3 shell once deleted the pack's WAL (a second Store of the file dropped SQLite's
    /// locks: `OpenDatabaseFiles`), so the prompt never showed, the pack finished and only its instructions
    /// were left on disk.
    @Test func aServerKilledMidSessionIs69WithTheTranscriptIntact() async throws {
        let world = try world()
        try world.addTrip("Seattle")
        // Its own server, not the shared one: this test kills it.
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
        let deadline = Date().addingTimeInterval(PlanSandbox.patience)
        while Date() < deadline {
            if (try? world.sandbox.sqlite("SELECT count(*) FROM transcript_entries")).flatMap(Int.init) ?? 0 >= 2 { break }
            usleep(50_000)
        }
        model.kill()
        let watchdog = PlanSandbox.killIfRunning(process)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationStatus == 69, "stderr: \(stderr)")
        #expect(stderr.contains("unavailable"))
        #expect(stderr.split(separator: "\n").count <= 3)
        #expect(try world.sandbox.sqlite("PRAGMA integrity_check") == "ok")
        // Cut short from outside (the server gone): kept as interrupted, for the next pack to resume.
        #expect(try world.sandbox.sqlite("SELECT status FROM sessions") == "interrupted")
        let kinds = try world.sandbox.sqlite("SELECT group_concat(kind) FROM (SELECT kind FROM transcript_entries ORDER BY seq)")
        #expect(kinds.hasPrefix("instructions,prompt"))
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM trips") == "1")
    }

    /// `plan pack` on a terminal with the real model: the list streams in item by item while the model
    /// writes it, then the draft is replaced by the checked list; a person sees items long before the end.
    @Test func aPackOnATerminalStreamsTheListAsTheModelWritesIt() async throws {
        let world = try world()
        try world.addTrip("Denver, CO")
        let model = try SharedLlamaServers.server(contextSize: 4_096)
        var environment = world.sandbox.environment.merging(world.environment(model)) { _, new in new }
        environment["TERM"] = "xterm-256color"
        environment["NO_COLOR"] = "1"
        let session = try TerminalSession.run(PlanSandbox.binary, ["pack", "1"], environment: environment)
        #expect(session.status == 0, "\(session.output.suffix(800))")
        let draft = try #require(
            session.chunks.firstIndex { $0.text.contains("The model's list as it arrives") },
            "no streamed draft in: \(session.output.suffix(800))"
        )
        // The draft reached the terminal while plan was still working, not in one piece at the end.
        #expect(session.chunks[draft].whileRunning)
        let firstItem = session.chunks[draft].after
        // The draft is taken back (cursor up N lines, erase below) before the checked list is printed.
        let output = session.output
        let header = try #require(output.range(of: "The model's list as it arrives"))
        let erase = try #require(output.range(of: "\u{1B}[J", range: header.upperBound..<output.endIndex), "the draft was never erased")
        #expect(output[erase.upperBound...].contains("Packing list"), "\(output.suffix(600))")
        // The terminal turns "\n" into "\r\n", one Character: count the line feeds as scalars.
        let drawn = output[header.upperBound..<erase.lowerBound].unicodeScalars.filter { $0 == "\n" }.count
        #expect(drawn >= 2, "the draft showed no item: \(output[header.upperBound..<erase.lowerBound])")
        // Drawn as the model wrote it: the draft's lines came in more than one read, each while plan ran,
        // before the read that erased the draft (one write of the whole draft at the end would be one piece).
        let eraseChunk = try #require(session.chunks[draft...].firstIndex { $0.text.contains("\u{1B}[J") })
        let pieces = session.chunks[draft..<eraseChunk].filter { $0.text.contains("\n") }
        #expect(pieces.count >= 2, "the draft arrived in \(pieces.count) piece(s)")
        #expect(pieces.allSatisfy { $0.whileRunning })
        print(String(
            format: "terminal pack: the draft began after %.1f s of %.1f s; %d lines in %d pieces before the checked list replaced it",
            firstItem, session.seconds, drawn, pieces.count
        ))
    }

    /// `plan replay --seed` with the real model: the pinned forecast and the same seed give the same list,
    /// twice, and the replay says so against the pack it replays when that pack was sampled the same way.
    @Test func aSeededReplayGivesTheSameListTwice() async throws {
        let world = try world()
        try world.addTrip("Denver, CO")
        let model = try SharedLlamaServers.server(contextSize: 4_096)
        let sampling = ["--seed", "11", "--temperature", "0.7"]
        let pack = try world.sandbox.run(["pack", "1", "--json"] + sampling, environment: world.environment(model))
        #expect(pack.status == 0, "stderr: \(pack.stderr)")
        var lists: [[String]] = []
        for _ in 0..<2 {
            let replay = try world.sandbox.run(["replay", "1", "--json"] + sampling, environment: world.environment(model))
            #expect(replay.status == 0, "stderr: \(replay.stderr)")
            let object = try #require(try replay.json() as? [String: Any])
            let items = try #require(object["items"] as? [[String: Any]])
            lists.append(items.map { "\($0["category"] ?? "")/\($0["name"] ?? "")/\($0["reason"] ?? "")" })
        }
        #expect(lists[0] == lists[1], "two seeded replays differ")
        #expect(!lists[0].isEmpty)
        // No network for a replay: only the pack asked the weather stand-in.
        let sessions = try #require(try world.sandbox.run(["history", "--json"]).json() as? [[String: Any]])
        #expect(sessions.filter { $0["purpose"] as? String == "replay" }.count == 2)
        print("seeded replay twice: \(lists[0] == lists[1] ? "identical" : "different") (\(lists[0].count) items)")
    }
}
