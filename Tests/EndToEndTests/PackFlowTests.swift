import Foundation
import Model
import Store
import TestSupport
import Testing

/// add → pack → show → history → replay, through the real binary, against the loopback services.
@Suite struct PackFlowTests {
    static let today = CalendarDate(Date())

    struct World {
        let sandbox = PlanSandbox()
        let services: WeatherServices

        var network: [String: String] {
            services.environment.merging(["PLAN_OFFLINE": "", "PLAN_HTTP_RETRIES": "2", "PLAN_HTTP_TIMEOUT": "2"]) { _, new in new }
        }

        func run(_ arguments: [String], offline: Bool = false) throws -> PlanResult {
            try sandbox.run(arguments, environment: offline ? [:] : network)
        }

        func json(_ arguments: [String]) throws -> [String: Any] {
            let result = try run(arguments + ["--json"])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            return try #require(try result.json() as? [String: Any])
        }

        func dates(_ first: Int, _ last: Int) -> [String] {
            ["--from", PackFlowTests.today.adding(days: first).description, "--to", PackFlowTests.today.adding(days: last).description]
        }
    }

    func world() throws -> World { World(services: try WeatherServices()) }

    func items(_ pack: [String: Any]) -> [[String: Any]] { pack["items"] as? [[String: Any]] ?? [] }

    @Test func addPackShowAndListEndToEnd() async throws {
        let world = try world()
        let added = try world.run(["add", "Denver, CO"] + world.dates(0, 3) + ["--activities", "ski"])
        #expect(added.status == 0, "stderr: \(added.stderr)")
        let pack = try world.json(["pack", "1"])
        #expect(pack["trip"] as? Int == 1)
        #expect(pack["model"] as? String == "builtin")
        #expect(pack["session"] as? Int != nil)
        #expect((pack["notices"] as? [String]) != nil)
        let list = items(pack)
        for item in list {
            #expect(Set(item.keys).isSuperset(of: ["category", "name", "quantity", "reason", "weather"]))
        }
        let names = Set(list.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["Insulated waterproof boots", "Ski goggles", "Phone and charger"]))
        let weatherItems = list.filter { $0["weather"] as? Bool == true }
        #expect(!weatherItems.isEmpty)
        let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        for item in weatherItems {
            let reason = try #require(item["reason"] as? String)
            // A forecast's item names its day; an alert's names the alert.
            #expect(dayNames.contains { reason.contains($0) } || reason.contains("Warning in force"), "\(reason)")
        }

        let shown = try world.run(["show", "1"])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("Packing list (builtin"))
        #expect(shown.stdout.contains("Insulated waterproof boots"))
        let listed = try world.run(["list", "--json"])
        let trips = try #require(try listed.json() as? [[String: Any]])
        #expect(trips.first?["packed"] as? Bool == true)

        let markdown = try world.run(["pack", "1", "--markdown"])
        #expect(markdown.stdout.hasPrefix("# Packing list: Denver, CO, US"))
        #expect(markdown.stdout.contains("- [ ] Insulated waterproof boots — "))
    }

    @Test func theOneStepFormAddsAndPacks() async throws {
        let world = try world()
        let result = try world.run(["pack", "Phoenix"] + world.dates(1, 4) + ["--activities", "hiking"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.contains("added trip 1"))
        #expect(result.stdout.contains("Packing list for Phoenix, AZ, US"))
        #expect(result.stdout.contains("Sunscreen"))
        #expect(result.stdout.contains("Hiking boots"))
        #expect(!result.stdout.contains("winter coat"))
    }

    @Test func aWeekPacksMoreThanANight() async throws {
        let world = try world()
        func underwear(_ last: Int) throws -> Int {
            let pack = try world.json(["pack", "Seattle"] + world.dates(0, last))
            return try #require(items(pack).first { $0["name"] as? String == "Underwear" }?["quantity"] as? Int)
        }
        #expect(try underwear(1) < (try underwear(6)))
    }

    @Test func beyondTheHorizonIsTheUsualClimateSaidToBeSo() async throws {
        let world = try world()
        let pack = try world.json(["pack", "Denver, CO"] + world.dates(20, 22))
        let weather = items(pack).filter { $0["weather"] as? Bool == true }
        #expect(!weather.isEmpty)
        #expect(weather.allSatisfy { ($0["reason"] as? String)?.hasPrefix("Usual for ") == true }, "items: \(weather)")
        let notices = try #require(pack["notices"] as? [String])
        #expect(notices.contains { $0.contains("the usual weather of those dates") && $0.contains("the forecast reaches") })
        let paths = try await world.services.requestLog().compactMap { $0["path"] as? String }
        #expect(paths.filter { $0 == "/v1/archive" }.count == 1)
        #expect(!paths.contains("/v1/forecast"), "nothing to forecast 20 days out")
    }

    @Test func withoutTheClimateEitherTheListIsGeneralAndSaysWhy() async throws {
        let world = try world()
        let result = try world.sandbox.run(
            ["pack", "Denver, CO"] + world.dates(20, 22) + ["--json"],
            environment: world.network.merging(["PLAN_CLIMATE_URL": "http://127.0.0.1:9"]) { _, new in new }
        )
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let pack = try #require(try result.json() as? [String: Any])
        #expect(items(pack).allSatisfy { $0["weather"] as? Bool == false })
        let notices = try #require(pack["notices"] as? [String])
        #expect(notices.contains { $0.contains("general list for the season, guessed from the hemisphere and latitude") }, "notices: \(notices)")
    }

    @Test func offlineWithNothingCachedIsAGeneralListAndTheDatabaseKeepsTheTrip() async throws {
        let world = try world()
        #expect(try world.run(["add", "Chicago"] + world.dates(0, 2)).status == 0)
        let result = try world.run(["pack", "1", "--offline", "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let pack = try #require(try result.json() as? [String: Any])
        let notices = try #require(pack["notices"] as? [String])
        #expect(notices.contains { $0.contains("No forecast or climate could be had") })
        #expect(try await world.services.requestCount() == 0)
    }

    @Test func replayIsIdenticalOfflineAndLinkedToTheOriginal() async throws {
        let world = try world()
        let first = try world.json(["pack", "Seattle"] + world.dates(0, 3))
        world.services.server.stop()
        let replay = try world.run(["replay", "1", "--json"], offline: true)
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
        let object = try #require(try replay.json() as? [String: Any])
        #expect(object["original"] as? Int == first["session"] as? Int)
        let diff = try #require(object["diff"] as? [String: Any])
        #expect((diff["added"] as? [Any])?.isEmpty == true)
        #expect((diff["removed"] as? [Any])?.isEmpty == true)
        #expect(items(object).count == items(first).count)
        let human = try world.run(["replay", "1"], offline: true)
        #expect(human.stdout.contains("Same list as session"))
        let history = try world.json(["history", "show", String(try #require(object["session"] as? Int))])
        #expect(history["parent"] as? Int == first["session"] as? Int)
        #expect(history["relation"] as? String == "replay")
    }

    @Test func replayFailsClearlyWithoutAPackOrASnapshot() async throws {
        let world = try world()
        #expect(try world.run(["add", "Denver, CO"] + world.dates(0, 2)).status == 0)
        let never = try world.run(["replay", "1"])
        #expect(never.status == 66)
        #expect(never.stderr.contains("has no completed pack"))
        _ = try world.json(["pack", "1"])
        _ = try world.sandbox.sqlite("DELETE FROM forecast_snapshots")
        let missing = try world.run(["replay", "1"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("no forecast was pinned"))
    }

    @Test func historyListsFiltersShowsAndSearches() async throws {
        let world = try world()
        _ = try world.json(["pack", "Denver, CO"] + world.dates(0, 3))
        _ = try world.json(["pack", "Phoenix"] + world.dates(0, 3))
        let all = try #require(try world.run(["history", "--json"]).json() as? [[String: Any]])
        #expect(all.count == 2)
        #expect(all.first?["trip"] as? Int == 2)
        for session in all {
            #expect(Set(session.keys).isSuperset(of: ["id", "trip", "model", "started", "entries", "tokens", "contextSize", "status"]))
            #expect(session["status"] as? String == "completed")
            #expect((session["tokens"] as? Int ?? 0) > 0)
        }
        let denver = try #require(try world.run(["history", "--trip", "1", "--json"]).json() as? [[String: Any]])
        #expect(denver.map { $0["trip"] as? Int } == [1])
        let limited = try #require(try world.run(["history", "--limit", "1", "--json"]).json() as? [[String: Any]])
        #expect(limited.count == 1)
        let byTool = try #require(try world.run(["history", "--tool", "forecast", "--json"]).json() as? [[String: Any]])
        #expect(byTool.count == 2)
        let noTool = try #require(try world.run(["history", "--tool", "teleport", "--json"]).json() as? [[String: Any]])
        #expect(noTool.isEmpty)
        let byModel = try #require(try world.run(["history", "--model", "gpt", "--json"]).json() as? [[String: Any]])
        #expect(byModel.isEmpty)
        let since = try #require(try world.run(["history", "--since", "today", "--json"]).json() as? [[String: Any]])
        #expect(since.count == 2)

        let shown = try world.json(["history", "show", "1"])
        let entries = try #require(shown["entries"] as? [[String: Any]])
        #expect(entries.compactMap { $0["kind"] as? String } == ["instructions", "prompt", "toolCalls", "toolOutput", "response", "check"])
        #expect(entries[2]["tool"] as? String == "forecast")
        #expect((entries[5]["text"] as? String)?.hasPrefix("Checked builtin's answer: kept") == true)
        #expect(entries.allSatisfy { ($0["tokens"] as? Int ?? 0) > 0 })

        let hits = try #require(try world.run(["history", "search", "heavy", "snow", "--json"]).json() as? [[String: Any]])
        #expect(hits.first?["trip"] as? Int == 1)
        #expect(hits.first?["kind"] as? String == "toolOutput")
        #expect((hits.first?["snippet"] as? String)?.contains("[Snow]") == true)
        let prefix = try #require(try world.run(["history", "search", "phoen*", "--json"]).json() as? [[String: Any]])
        #expect(prefix.contains { $0["trip"] as? Int == 2 })
    }

    static let hostileQueries = [
        "\"", "\"\"", "*", "-", "-snow", "(", ")", "snow)", "NEAR", "NEAR(snow denver)", "AND", "snow AND", "OR OR",
        "'; DROP TABLE trips; --", "text:snow", "^snow", "snow*", "sn\"ow", "{snow}", "snow -rain", "🌨️ snow", "雪",
        "NOT", "snow NOT", ":", "+", "[]", "%_%", String(repeating: "a", count: 5_000),
    ]

    @Test func anyTextIsAValidSearch() async throws {
        let world = try world()
        _ = try world.json(["pack", "Denver, CO"] + world.dates(0, 3))
        let before = world.sandbox.databaseBytes()
        for query in Self.hostileQueries {
            let result = try world.run(["history", "search", query], offline: true)
            #expect([0, 64].contains(result.status), "\(query): \(result.stderr)")
            #expect(!result.stderr.contains("syntax error"), "\(query)")
            #expect(!result.stderr.contains("database error"), "\(query)")
        }
        #expect(world.sandbox.databaseBytes() == before)
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM trips") == "1")
    }

    @Test func askNeedsAModelAndAnUnreachableModelIs69() async throws {
        let world = try world()
        #expect(try world.run(["add", "Denver, CO"] + world.dates(0, 2)).status == 0)
        let builtin = try world.run(["ask", "1", "Will it snow?"])
        #expect(builtin.status == 64)
        #expect(builtin.stderr.contains("need a language model"))
        let refused = try world.run(["pack", "1", "--model", "http://127.0.0.1:9"])
        #expect(refused.status == 69, "stderr: \(refused.stderr)")
        #expect(refused.stderr.contains("connection refused"))
        #expect(refused.stderr.split(separator: "\n").count <= 2)
    }

    @Test func cachePruneAndUsageReport() async throws {
        let world = try world()
        _ = try world.json(["pack", "Denver, CO"] + world.dates(0, 3))
        _ = try world.json(["pack", "1"])
        let usage = try world.json(["history", "--usage"])
        let sessions = try #require(usage["sessions"] as? [[String: Any]])
        #expect(sessions.count == 2)
        #expect(sessions.allSatisfy { ($0["transcriptTokens"] as? Int ?? 0) > 0 })
        let models = try #require(usage["models"] as? [[String: Any]])
        #expect(models.first?["model"] as? String == "builtin")
        #expect(models.first?["sessions"] as? Int == 2)
        let cache = try #require(usage["cache"] as? [String: Any])
        #expect(cache["entries"] as? Int == 3, "the point, the forecast and the alerts")
        #expect((cache["hits"] as? Int ?? 0) >= 2)
        let prune = try world.json(["cache", "prune"])
        #expect(prune["entries"] as? Int == 0)
        _ = try world.sandbox.sqlite("UPDATE http_cache SET expires_at = 0")
        let pruned = try world.json(["cache", "prune"])
        #expect(pruned["entries"] as? Int == 3)
        #expect((pruned["bytes"] as? Int ?? 0) > 0)
        // The pinned forecast survives the prune: replay still works offline.
        let replay = try world.run(["replay", "1"], offline: true)
        #expect(replay.status == 0, "stderr: \(replay.stderr)")
    }
}
