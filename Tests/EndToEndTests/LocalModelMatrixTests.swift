import Foundation
import Model
import Planner
import Store
import TestSupport
import Testing
import Tools

/// The real small model in every window a traveller might run it with: llama-server with SmolLM2-135M at
/// 512, 1,024 and 2,048 tokens; a pack, three follow-ups with a long question, then a replay, all with the
/// default model timeout. Every command must succeed, every overflow must show in `plan history` as a linked
/// recovered session of the right purpose, and what the traveller gets must pass plan's check.
@Suite(.serialized, .oneModelAtATime, .enabled(if: LlamaServer.isAvailable || LlamaServer.isRequired, "needs LLAMA_SERVER and LLAMA_MODEL"))
struct LocalModelMatrixTests {
    static let question = "I am going to be walking around downtown most of the day and maybe up into the foothills "
        + "one afternoon; given the forecast for my trip, which of the things on my list matter most, and is there "
        + "anything about the weather on any particular day that I should plan around?"

    @Test(arguments: [512, 1_024, 2_048])
    func packThreeFollowUpsAndAReplay(window: Int) async throws {
        if LlamaServer.isRequired && !LlamaServer.isAvailable {
            Issue.record("PLAN_REQUIRE_LLAMA=1 but LLAMA_SERVER/LLAMA_MODEL are missing; run scripts/install-llama.sh")
        }
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let model = try SharedLlamaServers.server(contextSize: window)
        let environment = services.environment.merging(["PLAN_OFFLINE": "", "PLAN_MODEL": model.baseURL.absoluteString]) { _, new in new }
        let today = CalendarDate(Date())
        let added = try sandbox.run(["add", "Denver, CO", "--from", today.description, "--to", today.adding(days: 2).description])
        #expect(added.status == 0, "stderr: \(added.stderr)")
        var timings: [String] = []

        var started = Date()
        let pack = try sandbox.run(["pack", "1", "--json"], environment: environment)
        timings.append(String(format: "pack %.1f s", Date().timeIntervalSince(started)))
        #expect(pack.status == 0, "window \(window), pack: \(pack.stderr)")
        let list = try #require(try pack.json() as? [String: Any])
        let items = try #require(list["items"] as? [[String: Any]])
        // What the traveller gets: Denver's forecast, no duplicates, weather items that cite the forecast.
        let points = try await services.requestLog().compactMap { $0["path"] as? String }.filter { $0.hasPrefix("/points/") }
        #expect(!points.isEmpty && points.allSatisfy { $0 == "/points/39.7392,-104.9847" }, "weather asked for \(points)")
        let pinnedDenver = try sandbox.sqlite("SELECT count(*) FROM forecast_snapshots WHERE url LIKE '%/gridpoints/BOU/%'")
        #expect(pinnedDenver != "0")
        let names = items.compactMap { ($0["name"] as? String)?.lowercased() }
        #expect(Set(names).count == names.count, "duplicate names: \(names)")
        #expect(items.count >= 5)
        // Every weather-driven item cites a day and a figure of the forecast pinned for the trip.
        let database = try Store(path: sandbox.databasePath)
        let trip = try #require(try await database.trip(id: 1))
        let pinned = try #require(try await database.latestForecast(tripID: 1))
        let check = PackingCheck(
            context: PackingContext(trip: trip, forecast: try Forecast.fromJSON(pinned.forecast)),
            destination: trip.destination, place: trip.place
        )
        for item in items where item["weather"] as? Bool == true {
            let reason = item["reason"] as? String ?? ""
            #expect(check.citesForecast(reason), "weather item citing nothing of the forecast: \(item)")
        }
        #expect(items.contains { $0["name"] as? String == "Insulated waterproof boots" }, "Denver's snow needs boots")

        for turn in 1...3 {
            started = Date()
            let ask = try sandbox.run(["ask", "1", Self.question, "--json"], environment: environment)
            timings.append(String(format: "ask %d %.1f s exit %d", turn, Date().timeIntervalSince(started), ask.status))
            // An answer, or a clear "no usable answer" (65): never a crash, a hang or an overflow error.
            #expect([0, 65].contains(ask.status), "window \(window), ask \(turn): \(ask.stderr)")
            if ask.status == 0 {
                let answer = try #require(try ask.json() as? [String: Any])
                #expect(!((answer["answer"] as? String) ?? "").isEmpty)
            } else {
                #expect(ask.stderr.contains("no usable answer"), "window \(window), ask \(turn): \(ask.stderr)")
            }
        }

        started = Date()
        let replay = try sandbox.run(["replay", "1", "--json"], environment: environment)
        timings.append(String(format: "replay %.1f s", Date().timeIntervalSince(started)))
        #expect(replay.status == 0, "window \(window), replay: \(replay.stderr)")

        // History is true: every recovered session has a child of the same purpose, linked to it.
        let sessions = try #require(try sandbox.run(["history", "--limit", "100", "--json"]).json() as? [[String: Any]])
        for parent in sessions where parent["status"] as? String == "recovered" {
            let child = sessions.first { $0["parent"] as? Int == parent["id"] as? Int }
            #expect(child != nil, "recovered session \(parent["id"] ?? "?") has no child")
            #expect(child?["purpose"] as? String == parent["purpose"] as? String)
            #expect(["condensed", "summarized", "fresh"].contains(child?["relation"] as? String ?? ""))
        }
        #expect(!sessions.contains { $0["status"] as? String == "running" })
        let recoveries = sessions.filter { $0["status"] as? String == "recovered" }.count
        let fallbacks = sessions.filter { ($0["error"] as? String)?.contains("set aside") == true && $0["status"] as? String == "completed" }.count
        print("matrix window \(window): \(timings.joined(separator: ", ")); \(recoveries) recovered sessions, \(fallbacks) lists set aside, \(sessions.count) sessions")
        #expect(try sandbox.sqlite("PRAGMA integrity_check") == "ok")
    }
}
