import Foundation
import Model
import Store
import TestSupport
import Testing

/// Weather for every day of a trip through the real binary: the climate a month out, Open-Meteo for a US
/// trip's second week, an NWS warning over a ski trip, replays citing the same climate, ASCII output.
@Suite struct TripWeatherTests {
    static let today = CalendarDate(Date())

    func world() throws -> PackFlowTests.World { PackFlowTests.World(services: try WeatherServices()) }

    func items(_ pack: [String: Any]) -> [[String: Any]] { pack["items"] as? [[String: Any]] ?? [] }

    func item(_ pack: [String: Any], _ name: String) -> [String: Any]? {
        items(pack).first { $0["name"] as? String == name }
    }

    @Test(arguments: ["Miami, FL", "Dubai"])
    func aWarmPlaceAMonthOutIsPackedForItsRealClimate(_ destination: String) async throws {
        let world = try world()
        let pack = try world.json(["pack", destination] + world.dates(30, 34))
        let names = Set(items(pack).compactMap { $0["name"] as? String })
        for absurd in ["Warm coat", "Insulated winter coat", "Warm hat and gloves", "Thermal base layers", "Scarf"] {
            #expect(!names.contains(absurd), "\(destination) got \(absurd)")
        }
        let tops = try #require(item(pack, "Short-sleeved tops"), "items: \(names)")
        let reason = try #require(tops["reason"] as? String)
        let city = destination.split(separator: ",").first.map(String.init) ?? destination
        #expect(reason.hasPrefix("Usual for ") && reason.contains("in \(city): highs around "), "reason: \(reason)")
        #expect(tops["weather"] as? Bool == true)
        let notices = try #require(pack["notices"] as? [String])
        #expect(notices.contains { $0.contains("the usual weather of those dates") })
    }

    @Test func aUSTripOfTwelveDaysUsesOpenMeteoForItsSecondWeek() async throws {
        let world = try world()
        #expect(try world.run(["add", "Charleston, SC"] + world.dates(1, 12)).status == 0)
        let shown = try world.json(["show", "1"])
        let forecast = try #require(shown["forecast"] as? [String: Any])
        let days = try #require(forecast["days"] as? [[String: Any]])
        let sources = days.compactMap { $0["source"] as? String }
        #expect(sources == Array(repeating: "nws", count: 6) + Array(repeating: "open-meteo", count: 6), "sources: \(sources)")
        #expect(forecast["notice"] is NSNull, "no climate day, no climate notice")
    }

    @Test func aWarningOverASkiTripIsOnTheListAndAboveTheChart() async throws {
        let world = try world()
        let pack = try world.json(["pack", "Denver, CO"] + world.dates(1, 4) + ["--activities", "ski"])
        let traction = try #require(item(pack, "Traction devices (microspikes or chains)"), "items: \(items(pack))")
        #expect(traction["weather"] as? Bool == true)
        // The warning begins on the trip's first day, 6 am: the reason names that day.
        #expect(traction["reason"] as? String == "Winter Storm Warning from \(PackFlowTests.today.adding(days: 1).shortLabel)")
        // A car kit only for a trip that drives (--activities ski,driving would bring it).
        #expect(item(pack, "Car emergency kit (scraper, blanket, shovel)") == nil)
        let notices = try #require(pack["notices"] as? [String])
        #expect(notices.contains { $0.hasPrefix("Winter Storm Warning, ") && $0.contains("6 am to ") })
        #expect(!notices.contains { $0.contains("Wind Advisory") }, "the advisory ends before the trip")

        let shown = try world.run(["show", "1"])
        let lines = shown.stdout.split(separator: "\n")
        let warning = try #require(lines.firstIndex { $0.contains("Winter Storm Warning") }, "stdout: \(shown.stdout)")
        let firstDay = try #require(lines.firstIndex { $0.contains("°F ") && $0.contains("█") })
        #expect(warning < firstDay)

        let forecast = try #require(try world.json(["show", "1"])["forecast"] as? [String: Any])
        let alerts = try #require(forecast["alerts"] as? [[String: Any]])
        #expect(alerts.count == 1)
        let alert = try #require(alerts.first)
        #expect(alert["event"] as? String == "Winter Storm Warning")
        #expect(alert["severity"] as? String == "Severe")
        #expect((alert["headline"] as? String)?.isEmpty == false)
        #expect(alert["onset"] is String && alert["ends"] is String)
    }

    @Test func aReplayCitesTheSameClimateWithNoNetwork() async throws {
        let world = try world()
        let pack = try world.json(["pack", "Denver, CO"] + world.dates(20, 22))
        let before = try await world.services.requestCount()
        let replay = try world.json(["replay", "1"])
        #expect(try await world.services.requestCount() == before)
        func reasons(_ document: [String: Any]) -> [String] {
            items(document).filter { $0["weather"] as? Bool == true }.compactMap { $0["reason"] as? String }.sorted()
        }
        #expect(!reasons(pack).isEmpty)
        #expect(reasons(replay) == reasons(pack))
        let offline = try world.run(["pack", "1", "--offline", "--json"])
        let again: [String: Any] = try #require(try offline.json() as? [String: Any])
        #expect(reasons(again) == reasons(pack), "the archive answer is cached for a year")
    }

    @Test func outsideUTF8TheWholeShowIsASCII() async throws {
        let world = try world()
        #expect(try world.run(["add", "São Paulo"] + world.dates(12, 18)).status == 0)
        let shown = try world.sandbox.run(["show", "1"], environment: world.network.merging(["LANG": "C", "LC_ALL": "C"]) { _, new in new })
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        let isASCII = shown.stdout.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII, "stdout: \(shown.stdout)")
        #expect(shown.stdout.contains("Sao Paulo"))
        #expect(shown.stdout.contains("~ usual"))
        #expect(shown.stdout.contains("->"))
    }
}
