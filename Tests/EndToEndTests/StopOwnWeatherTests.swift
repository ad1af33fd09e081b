import Foundation
import Model
import Store
import TestSupport
import Testing

/// Issue 32, round four, through the built binary against the loopback weather stand-in: a stop's weather is
/// its own days' (forecast, climate and alerts), and `pack` and `show` read it alike.
@Suite struct StopOwnWeatherTests {
    static let today = PackFlowTests.today

    func world() throws -> PackFlowTests.World { PackFlowTests.World(services: try WeatherServices()) }

    static func names(_ pack: [String: Any]) -> Set<String> {
        Set((pack["items"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }

    static func legs(_ shown: [String: Any]) throws -> [[String: Any]] {
        try #require(shown["legs"] as? [[String: Any]])
    }

    static func forecast(_ leg: [String: Any]) throws -> [String: Any] {
        try #require(leg["forecast"] as? [String: Any])
    }

    @Test func packAndShowGiveEachStopItsOwnDaysAndAlerts() throws {
        let world = try world()
        // Denver +1 → +3 (a Winter Storm Warning +1 6 am to +3 6 pm), then Phoenix to +12 (past NWS's week).
        let pack = try world.json([
            "pack", "Denver, CO", "--from", Self.today.adding(days: 1).description, "--to", Self.today.adding(days: 3).description,
            "--then", "Phoenix, AZ", "--to", Self.today.adding(days: 12).description,
        ])
        #expect(Self.names(pack).contains("Traction devices (microspikes or chains)"))
        let notices = pack["notices"] as? [String] ?? []
        #expect(notices.contains { $0.hasPrefix("Winter Storm Warning in Denver") }, "\(notices)")
        #expect(!notices.contains { $0.contains("No forecast") }, "\(notices)")

        let shown = try world.json(["show", "1"])
        let legs = try Self.legs(shown)
        let denver = try Self.forecast(legs[0]), phoenix = try Self.forecast(legs[1])
        // The warning pack put on the list is above Denver's chart too.
        #expect((denver["alerts"] as? [[String: Any]])?.map { $0["event"] as? String } == ["Winter Storm Warning"])
        #expect((phoenix["alerts"] as? [Any])?.isEmpty == true)
        // Every Phoenix day is charted, the ones past NWS's week from Open-Meteo, as pack read them.
        #expect((phoenix["missingDays"] as? [Any])?.isEmpty == true, "\(phoenix["missingDays"] ?? "")")
        let days = try #require(phoenix["days"] as? [[String: Any]])
        #expect(days.compactMap { $0["date"] as? String } == (3...12).map { Self.today.adding(days: $0).description })
        #expect(days.last?["source"] as? String == "open-meteo")
        let text = try world.run(["show", "1"])
        #expect(text.stdout.contains("Winter Storm Warning in Denver") || text.stdout.contains("Winter Storm Warning"), "\(text.stdout)")
        #expect(!text.stdout.contains("none could be had"), "\(text.stdout)")
    }

    @Test func aWarningThatEndsBeforeTheTravellerArrivesIsNotOnTheList() throws {
        let world = try world()
        // Phoenix +1 → +4, then Denver to +6: Denver's warning ends +3, 6 pm, the day before the traveller arrives.
        let pack = try world.json([
            "pack", "Phoenix, AZ", "--from", Self.today.adding(days: 1).description, "--to", Self.today.adding(days: 4).description,
            "--then", "Denver, CO", "--to", Self.today.adding(days: 6).description,
        ])
        let names = Self.names(pack)
        #expect(!names.contains("Traction devices (microspikes or chains)"), "\(names)")
        #expect(!names.contains("Car emergency kit (scraper, blanket, shovel)"), "\(names)")
        let notices = pack["notices"] as? [String] ?? []
        #expect(!notices.contains { $0.contains("Winter Storm Warning") }, "\(notices)")
        let legs = try Self.legs(try world.json(["show", "1"]))
        #expect((try Self.forecast(legs[1])["alerts"] as? [Any])?.isEmpty == true)
    }

    @Test func packSaysWhenTheAlertsCouldNotBeReadAsShowDoes() async throws {
        let world = try world()
        try await world.services.fault("/alerts/active", mode: "500")
        let pack = try world.json(["pack", "Denver, CO"] + world.dates(1, 3))
        let notices = pack["notices"] as? [String] ?? []
        #expect(notices.contains { $0.hasPrefix("The NWS alerts could not be read (") }, "\(notices)")
        let shown = try world.run(["show", "1"])
        #expect(shown.stdout.contains("the NWS alerts could not be read"), "\(shown.stdout)")
    }

    @Test func theSourceLineNamesNoServiceThatGaveNoDay() async throws {
        let world = try world()
        // Open-Meteo and the archive fail: the trip (+9 → +11) gets NWS's week, none of whose days are the trip's.
        try await world.services.fault("/v1/forecast", mode: "500")
        try await world.services.fault("/v1/archive", mode: "500")
        #expect(try world.run(["add", "Denver, CO"] + world.dates(9, 11)).status == 0)
        let shown = try world.run(["show", "1"])
        let line = try #require(shown.stdout.split(separator: "\n").first { $0.contains("Forecast    ") }, "\(shown.stdout)")
        #expect(!line.contains("NWS"), "\(line)")
        #expect(line.contains("none for these days"), "\(line)")
    }
}
