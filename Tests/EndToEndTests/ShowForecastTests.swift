import Foundation
import Model
import Store
import TestSupport
import Testing

/// `plan show` with the forecast, against the loopback weather stand-in.
@Suite struct ShowForecastTests {
    static let today = CalendarDate(Date())

    /// A sandbox and a stand-in of its own; `network` is the environment that lets plan reach it.
    struct World {
        let sandbox = PlanSandbox()
        let services: WeatherServices

        var network: [String: String] {
            services.environment.merging(
                ["PLAN_OFFLINE": "", "PLAN_HTTP_RETRIES": "2", "PLAN_HTTP_TIMEOUT": "2"]
            ) { _, new in new }
        }

        /// Adds a trip from `today + first` to `today + last` and returns its id.
        func add(_ destination: String, from first: Int, to last: Int) throws -> String {
            let result = try sandbox.run([
                "add", destination, "--from", ShowForecastTests.today.adding(days: first).description,
                "--to", ShowForecastTests.today.adding(days: last).description, "--json",
            ])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            let trip = try #require(try result.json() as? [String: Any])
            return String(try #require(trip["id"] as? Int))
        }

        func show(_ arguments: [String]) throws -> PlanResult {
            try sandbox.run(["show"] + arguments, environment: network)
        }

        func showJSON(_ arguments: [String]) throws -> [String: Any] {
            let result = try show(arguments + ["--json"])
            #expect(result.status == 0, "stderr: \(result.stderr)")
            return try #require(try result.json() as? [String: Any])
        }
    }

    func world() async throws -> World {
        World(services: try WeatherServices())
    }

    /// The day lines of `show`'s forecast chart ("    Sun Nov 29  20–38°F  ··███··  80%  ❄ snow").
    func dayLines(_ stdout: String) -> [Substring] {
        stdout.split(separator: "\n").filter { $0.hasPrefix("    ") && $0.dropFirst(4).first?.isLetter == true && $0.contains("°F") }
    }

    /// An error is one or two plain lines on stderr.
    func expectPlainError(_ result: PlanResult, status: Int32, mentions: String) {
        #expect(result.status == status, "stderr: \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect((1...2).contains(lines.count), "stderr: \(result.stderr)")
        #expect(lines.first?.hasPrefix("plan: ") == true, "stderr: \(result.stderr)")
        #expect(result.stderr.contains(mentions), "stderr: \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    // MARK: - From the network, then the cache

    @Test func showPrintsTheNWSForecastForEachTripDayThenUsesTheCache() async throws {
        // Lifetimes of an hour: on a loaded machine the shows below can be more than NWS's 30 s of alerts apart.
        let world = World(services: try WeatherServices(forecastMaxAge: 3600, alertsMaxAge: 3600))
        let id = try world.add("Denver, CO", from: 0, to: 3)
        #expect(try await world.services.requestCount() == 0, "add resolves places offline")

        let shown = try world.show([id])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("Forecast    NWS, fetched"))
        #expect(shown.stderr.isEmpty, "stderr: \(shown.stderr)")
        let lines = dayLines(shown.stdout)
        #expect(lines.count == 4, "stdout: \(shown.stdout)")
        for offset in 0...3 {
            let label = Self.today.adding(days: offset).shortLabel
            #expect(lines.contains { $0.hasPrefix("    \(label) ") }, "no line for \(label): \(shown.stdout)")
        }
        #expect(!shown.stdout.contains("No forecast"))
        #expect(try await world.services.requestCount() == 3, "/points, the gridpoint forecast, then the alerts in force")

        let again = try world.show([id])
        #expect(again.status == 0)
        #expect(again.stdout.contains("NWS"))
        #expect(again.stdout.contains("(cached)"))
        #expect(dayLines(again.stdout) == lines)
        #expect(try await world.services.requestCount() == 3, "a second show makes no request")

        let json = try world.showJSON([id])
        let forecast = try #require(json["forecast"] as? [String: Any])
        #expect(forecast["source"] as? String == "nws")
        #expect(forecast["stale"] as? Bool == false)
        let days = try #require(forecast["days"] as? [[String: Any]])
        #expect(days.count == 4)
        #expect(days.map { $0["date"] as? String } == (0...3).map { Self.today.adding(days: $0).description })
        #expect(days.contains { $0["snow"] as? Bool == true })
        #expect((forecast["missingDays"] as? [Any])?.isEmpty == true)
        #expect(json["forecastError"] == nil)

        let offline = try world.show([id, "--offline"])
        #expect(offline.status == 0, "stderr: \(offline.stderr)")
        #expect(offline.stdout.contains("NWS"))
        #expect(dayLines(offline.stdout).count == 4)
        #expect(try await world.services.requestCount() == 3, "--offline touches no network")
    }

    @Test func parisComesFromOpenMeteo() async throws {
        let world = try await world()
        // From tomorrow: between 23:00 and midnight UTC it is already tomorrow in Paris, and today there is past.
        let id = try world.add("Paris, France", from: 1, to: 3)
        let shown = try world.show([id])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("Forecast    Open-Meteo, fetched"))
        #expect(dayLines(shown.stdout).count == 3)
        let paths = try await world.services.requestLog().compactMap { $0["path"] as? String }
        #expect(paths == ["/v1/forecast"])

        let forecast = try #require(try world.showJSON([id])["forecast"] as? [String: Any])
        #expect(forecast["source"] as? String == "open-meteo")
    }

    @Test func datesBeyondTheHorizonShowTheUsualClimate() async throws {
        let world = try await world()
        let id = try world.add("Denver, CO", from: 20, to: 22)
        let shown = try world.show([id])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(dayLines(shown.stdout).count == 3)
        #expect(dayLines(shown.stdout).allSatisfy { $0.contains("usual") })
        #expect(shown.stdout.contains("not a forecast"), "stdout: \(shown.stdout)")
        let reach = ShowForecastTests.today.adding(days: 20 - 15)
        #expect(shown.stdout.contains("the forecast reaches \(ShowForecastTests.today.adding(days: 20).shortLabel) on \(reach.shortLabel)"))

        let forecast = try #require(try world.showJSON([id])["forecast"] as? [String: Any])
        let days = try #require(forecast["days"] as? [[String: Any]])
        #expect(days.count == 3)
        #expect(days.allSatisfy { $0["source"] as? String == "climate" && $0["climate"] is [String: Any] })
        #expect((forecast["missingDays"] as? [String])?.isEmpty == true)
        let paths = try await world.services.requestLog().compactMap { $0["path"] as? String }
        #expect(paths == ["/v1/archive"], "the second show is answered by the cache")
    }

    // MARK: - Failures

    @Test func offlineWithNothingCachedSaysSoExits0AndChangesNothing() async throws {
        let world = try await world()
        let id = try world.add("Denver, CO", from: 0, to: 3)
        let before = world.sandbox.databaseBytes()
        #expect(!before.isEmpty)

        let result = try world.show([id, "--offline"])
        expectPlainError(result, status: 0, mentions: "offline")
        #expect(result.stdout.contains("Trip 1"), "show shows what is stored: \(result.stdout)")
        #expect(world.sandbox.databaseBytes() == before)
        #expect(try await world.services.requestCount() == 0)

        // PLAN_OFFLINE=1 (the sandbox's default) does the same without the flag.
        let viaEnvironment = try world.sandbox.run(["show", id])
        expectPlainError(viaEnvironment, status: 0, mentions: "offline")
        #expect(world.sandbox.databaseBytes() == before)
    }

    @Test func stoppedServicesWithNothingCachedAreSaidAndExit0() async throws {
        let world = try await world()
        let id = try world.add("Denver, CO", from: 0, to: 3)
        world.services.server.stop()
        let before = world.sandbox.databaseBytes()

        let result = try world.show([id])
        expectPlainError(result, status: 0, mentions: "unavailable")
        #expect(result.stdout.contains("Trip 1"), "show shows what is stored: \(result.stdout)")
        #expect(world.sandbox.databaseBytes() == before, "a failed command leaves the database as it was")
        #expect(try world.sandbox.sqlite("SELECT count(*) FROM http_cache") == "0")
    }

    @Test func aFailingServiceFallsBackToTheStaleCopy() async throws {
        let world = try await world()
        let id = try world.add("Denver, CO", from: 0, to: 3)
        let first = try world.show([id])
        #expect(first.status == 0, "stderr: \(first.stderr)")

        try await world.services.fault("/gridpoints", mode: "500")
        let shown = try world.show([id, "--fresh"])
        #expect(shown.status == 0, "stderr: \(shown.stderr)")
        #expect(shown.stdout.contains("NWS"))
        #expect(shown.stdout.contains("stale"), "stdout: \(shown.stdout)")
        #expect(shown.stdout.contains("500"), "stdout: \(shown.stdout)")
        #expect(dayLines(shown.stdout) == dayLines(first.stdout))

        let forecast = try #require(try world.showJSON([id, "--fresh"])["forecast"] as? [String: Any])
        #expect(forecast["stale"] as? Bool == true)
        #expect((forecast["days"] as? [Any])?.count == 4)

        let log = try await world.services.requestLog()
        let gridpoint = log.filter { ($0["path"] as? String)?.hasPrefix("/gridpoints") == true }
        #expect(gridpoint.count == 1 + 2 + 2, "one good fetch, then two tries per --fresh show")
        #expect(gridpoint.dropFirst().allSatisfy { $0["ifModifiedSince"] as? String != nil })
    }

    @Test func freshAndOfflineTogetherAreAUsageError() async throws {
        let sandbox = PlanSandbox()
        try sandbox.succeed(["add", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-06"])
        let result = try sandbox.run(["show", "1", "--fresh", "--offline"])
        expectPlainError(result, status: 64, mentions: "--fresh")
    }

    // MARK: - Identity

    @Test func theUserAgentCarriesTheContactOrAWarningSaysWhy() async throws {
        let world = try await world()
        let id = try world.add("Denver, CO", from: 0, to: 1)
        let shown = try world.show([id])
        #expect(shown.status == 0)
        let agents = try await world.services.requestLog().compactMap { $0["userAgent"] as? String }
        #expect(agents.count == 3, "/points, the forecast and the alerts")
        #expect(agents.allSatisfy { $0.hasPrefix("plan/") && $0.contains("tests@example.com") }, "\(agents)")

        let other = try world.add("Seattle, WA", from: 0, to: 1)
        let anonymous = try world.sandbox.run(["show", other], environment: world.network.merging(["PLAN_CONTACT": ""]) { _, new in new })
        #expect(anonymous.status == 0, "stderr: \(anonymous.stderr)")
        let warnings = anonymous.stderr.split(separator: "\n").filter { $0.contains("PLAN_CONTACT") }
        #expect(warnings.count == 1, "stderr: \(anonymous.stderr)")
    }
}
