import Foundation
import Model
import Store
import TestSupport
import Testing

/// A trip of two stops, a cold one (Denver: snow, lows near 10°F) and a hot one (Phoenix: highs over 100°F),
/// packed against the loopback weather stand-in, shown, and replayed offline.
@Suite struct StopsPackTests {
    static let today = CalendarDate(Date())

    struct World {
        let sandbox = PlanSandbox()
        let services: WeatherServices

        var network: [String: String] {
            services.environment.merging(["PLAN_OFFLINE": "", "PLAN_HTTP_RETRIES": "1", "PLAN_HTTP_TIMEOUT": "2"]) { _, new in new }
        }

        func run(_ arguments: [String]) throws -> PlanResult {
            try sandbox.run(arguments, environment: network)
        }

        /// Packs Denver today+1 → today+3, then Phoenix → today+5, and returns the pack's JSON.
        func packTwoStops() throws -> [String: Any] {
            let packed = try run([
                "pack", "Denver, CO", "--from", StopsPackTests.today.adding(days: 1).description,
                "--to", StopsPackTests.today.adding(days: 3).description,
                "--then", "Phoenix, AZ", "--to", StopsPackTests.today.adding(days: 5).description, "--json",
            ])
            #expect(packed.status == 0, "\(packed.stderr)")
            return try #require(try packed.json() as? [String: Any])
        }
    }

    func world() throws -> World { World(services: try WeatherServices()) }

    static func items(_ json: [String: Any]) throws -> [[String: Any]] {
        try #require(json["items"] as? [[String: Any]])
    }

    static func reason(_ items: [[String: Any]], _ name: String) -> String? {
        items.first { $0["name"] as? String == name }?["reason"] as? String
    }

    @Test func oneListHasGearForBothStopsWithReasonsNamingThem() throws {
        let world = try world()
        let pack = try world.packTwoStops()
        let items = try Self.items(pack)
        // Cold gear from Denver's days, heat gear from Phoenix's.
        let coat = try #require(Self.reason(items, "Insulated waterproof winter coat"))
        #expect(coat.hasSuffix(" in Denver"), "\(coat)")
        let shorts = try #require(Self.reason(items, "Shorts"))
        #expect(shorts.hasSuffix(" in Phoenix"), "\(shorts)")
        #expect(Self.reason(items, "Insulated waterproof boots")?.contains("in Denver") == true)
        #expect(Self.reason(items, "Sun hat")?.contains("in Phoenix") == true)
        // Every weather reason names a stop, and the stop of the day it cites.
        for item in items where item["weather"] as? Bool == true {
            let reason = try #require(item["reason"] as? String)
            // An alert's item names the alert; every other weather reason names its stop.
            #expect(reason.contains(" in Denver") || reason.contains(" in Phoenix") || reason.contains(" in force"), "\(reason)")
            for offset in 1...2 where reason.contains(Self.today.adding(days: offset).shortLabel + " in ") {
                #expect(reason.contains(Self.today.adding(days: offset).shortLabel + " in Denver"), "\(reason)")
            }
            for offset in 3...5 where reason.contains(Self.today.adding(days: offset).shortLabel + " in ") {
                #expect(reason.contains(Self.today.adding(days: offset).shortLabel + " in Phoenix"), "\(reason)")
            }
        }
        // Quantities for the whole trip: 5 days, one a day plus a spare.
        #expect(items.first { $0["name"] as? String == "Underwear" }?["quantity"] as? Int == 6)
        // Each stop's forecast is pinned apart, for its own place.
        #expect(try world.sandbox.sqlite("SELECT count(DISTINCT place_id) FROM forecast_snapshots WHERE trip_id = 1") == "2")
        // The session saw both stops: the prompt names them, and the forecast tool answered for each.
        let prompt = try world.sandbox.sqlite("SELECT text FROM transcript_entries WHERE kind = 'prompt' AND session_id = 1")
        #expect(prompt.contains("Denver, CO, US") && prompt.contains("Phoenix, AZ, US"), "\(prompt)")
        let forecasts = try world.sandbox.sqlite("SELECT text FROM transcript_entries WHERE kind = 'toolOutput' AND tool = 'forecast' AND session_id = 1")
        #expect(forecasts.contains("forecast for Denver, CO, US") && forecasts.contains("forecast for Phoenix, AZ, US"), "\(forecasts)")
    }

    @Test func showChartsEachStopAndItsJSONHasLegs() throws {
        let world = try world()
        _ = try world.packTwoStops()
        let shown = try world.run(["show", "1"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("Stop 1: Denver, CO, US"))
        #expect(shown.stdout.contains("Stop 2: Phoenix, AZ, US"))
        #expect(shown.stdout.components(separatedBy: "  Forecast    NWS").count == 3, "\(shown.stdout)")

        let json = try #require(try world.run(["show", "1", "--json"]).json() as? [String: Any])
        #expect(json["start"] as? String == Self.today.adding(days: 1).description)
        #expect(json["end"] as? String == Self.today.adding(days: 5).description)
        #expect((json["place"] as? [String: Any])?["name"] as? String == "Denver")
        let legs = try #require(json["legs"] as? [[String: Any]])
        #expect(legs.count == 2)
        #expect(legs.map { ($0["place"] as? [String: Any])?["name"] as? String } == ["Denver", "Phoenix"])
        for (leg, range) in zip(legs, [(1, 3), (3, 5)]) {
            #expect(leg["start"] as? String == Self.today.adding(days: range.0).description)
            #expect(leg["end"] as? String == Self.today.adding(days: range.1).description)
            let forecast = try #require(leg["forecast"] as? [String: Any])
            let days = try #require(forecast["days"] as? [[String: Any]])
            #expect(days.compactMap { $0["date"] as? String } == (range.0...range.1).map { Self.today.adding(days: $0).description })
        }
        let highs = { (leg: [String: Any]) -> [Int] in
            ((leg["forecast"] as? [String: Any])?["days"] as? [[String: Any]] ?? []).compactMap { $0["high"] as? Int }
        }
        #expect(highs(legs[0]).allSatisfy { $0 < 50 } && highs(legs[1]).allSatisfy { $0 > 90 })
        #expect((json["packingList"] as? [String: Any])?["outOfDate"] as? Bool == false)
        let listed = try world.run(["list"])
        #expect(listed.stdout.contains("Denver, CO → Phoenix, AZ"))
    }

    @Test func aReplayOfflineReadsEveryStopsPinnedForecast() async throws {
        let world = try world()
        let pack = try world.packTwoStops()
        // No network at all: the services' URLs point at a closed port, and plan is offline.
        let dead = ["PLAN_OFFLINE": "1", "PLAN_NWS_URL": "http://127.0.0.1:9", "PLAN_OPEN_METEO_URL": "http://127.0.0.1:9"]
        let before = try await world.services.requestCount()
        let replayed = try world.sandbox.run(["replay", "1", "--json"], environment: dead)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let replay = try #require(try replayed.json() as? [String: Any])
        let diff = try #require(replay["diff"] as? [String: Any])
        #expect((diff["added"] as? [Any])?.isEmpty == true && (diff["removed"] as? [Any])?.isEmpty == true, "\(diff)")
        #expect(try Self.items(replay).count == (try Self.items(pack)).count)
        #expect(Self.reason(try Self.items(replay), "Shorts")?.hasSuffix(" in Phoenix") == true)
        #expect(try await world.services.requestCount() == before)

        // Without one stop's pinned forecast the replay says which stop, and exits 66.
        _ = try world.sandbox.sqlite("DELETE FROM forecast_snapshots WHERE place_id = (SELECT place_id FROM trip_legs WHERE trip_id = 1 AND position = 2)")
        let missing = try world.sandbox.run(["replay", "1"], environment: dead)
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("stop 2 (Phoenix, AZ)"), "\(missing.stderr)")
    }

    /// A replay is of the session's own stops: a stop added since (it has no pinned forecast) or the
    /// trip's new places do not stop it.
    @Test func aReplayAfterTheStopsChangedReplaysTheSessionsOwnStops() async throws {
        let world = try world()
        let pack = try world.packTwoStops()
        let added = try world.run(["leg", "add", "1", "Seattle, WA", "--to", Self.today.adding(days: 7).description])
        #expect(added.status == 0, "\(added.stderr)")
        let dead = ["PLAN_OFFLINE": "1", "PLAN_NWS_URL": "http://127.0.0.1:9", "PLAN_OPEN_METEO_URL": "http://127.0.0.1:9"]
        let replayed = try world.sandbox.run(["replay", "1", "--json"], environment: dead)
        #expect(replayed.status == 0, "\(replayed.stderr)")
        let replay = try #require(try replayed.json() as? [String: Any])
        let diff = try #require(replay["diff"] as? [String: Any])
        #expect((diff["added"] as? [Any])?.isEmpty == true && (diff["removed"] as? [Any])?.isEmpty == true, "\(diff)")
        #expect(try Self.items(replay).count == (try Self.items(pack)).count)
        #expect((replay["legs"] as? [[String: Any]])?.count == 2)
        #expect(replay["end"] as? String == Self.today.adding(days: 5).description)
    }

    @Test func aOneStopTripKeepsItsFieldsAndHasOneLeg() throws {
        let world = try world()
        #expect(try world.run(["add", "Denver, CO", "--from", Self.today.adding(days: 1).description, "--to", Self.today.adding(days: 2).description]).status == 0)
        let json = try #require(try world.run(["show", "1", "--json"]).json() as? [String: Any])
        let legs = try #require(json["legs"] as? [[String: Any]])
        #expect(legs.count == 1)
        let top = try #require(json["forecast"] as? [String: Any])
        let leg = try #require(legs[0]["forecast"] as? [String: Any])
        #expect(top["days"] as? [[String: AnyHashable]] == leg["days"] as? [[String: AnyHashable]])
        #expect(json["destination"] as? String == "Denver, CO")
        #expect(json["start"] as? String == legs[0]["start"] as? String)
    }
}
