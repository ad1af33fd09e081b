import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// NWS for US points, Open-Meteo elsewhere or where NWS has no data, against the stand-in.
@Suite struct ForecastServiceTests {
    static func place(
        _ name: String, _ region: String, _ country: String, _ latitude: Double, _ longitude: Double, _ timeZone: String
    ) -> Place {
        Place(
            name: name, region: region, country: country, latitude: latitude, longitude: longitude,
            timeZone: timeZone, source: "typed"
        )
    }

    static let denver = place("Denver", "CO", "US", 39.7392, -104.9847, "America/Denver")
    static let seattle = place("Seattle", "WA", "US", 47.6062, -122.3321, "America/Los_Angeles")
    static let phoenix = place("Phoenix", "AZ", "US", 33.4484, -112.0740, "America/Phoenix")
    static let boise = place("Boise", "ID", "US", 43.6135, -116.2035, "America/Boise")
    static let guam = place("Hagåtña", "", "GU", 13.4757, 144.7489, "Pacific/Guam")
    static let paris = place("Paris", "", "FR", 48.8566, 2.3522, "Europe/Paris")

    func service(_ harness: HTTPHarness, mode: FetchMode = .normal) -> ForecastService {
        ForecastService(http: harness.client(mode: mode), nwsBase: harness.services.url, openMeteoBase: harness.services.url)
    }

    @Test func denverIsSnowyAndGustyFromNWS() async throws {
        let harness = try await HTTPHarness()
        let report = try await service(harness).forecast(for: Self.denver)
        let forecast = report.forecast
        #expect(forecast.source == "nws")
        #expect(forecast.sourceName == "NWS")
        #expect(report.origin == .live)
        #expect(report.note == nil)
        #expect(forecast.timeZone == "America/Denver")
        #expect(forecast.updatedAt != nil)
        #expect(forecast.days.count == 7)
        #expect(forecast.days.first?.date == CalendarDate(Date()), "the stand-in's forecast starts today")
        #expect(forecast.days.contains { $0.hasSnow })
        #expect((forecast.days.compactMap(\.gust).max() ?? 0) >= 35)
        #expect(forecast.days.allSatisfy { $0.high != nil && $0.low != nil })
        #expect(forecast.days.allSatisfy { day in (28...40).contains(day.high ?? 0) })

        let paths = try await harness.log().map(\.path)
        #expect(paths == ["/points/39.7392,-104.9847", "/gridpoints/BOU/63,62/forecast"])
    }

    @Test func aSecondForecastComesFromTheCache() async throws {
        let harness = try await HTTPHarness()
        let service = service(harness)
        let first = try await service.forecast(for: Self.denver)
        let second = try await service.forecast(for: Self.denver)
        #expect(second.origin == .cached)
        #expect(second.forecast.days == first.forecast.days)
        #expect(second.forecast.url == first.forecast.url)
        // Read back from SQLite (REAL seconds since 1970), the date may differ in its last bits.
        #expect(abs(second.forecast.fetchedAt.timeIntervalSince(first.forecast.fetchedAt)) < 0.001)
        #expect(try await harness.services.requestCount() == 2)
    }

    @Test func seattleIsRainy() async throws {
        let harness = try await HTTPHarness()
        let forecast = try await service(harness).forecast(for: Self.seattle).forecast
        #expect(forecast.source == "nws")
        let rainy = forecast.days.filter { ($0.precipitationChance ?? 0) >= 60 }
        #expect(rainy.count >= 4, "chances were \(forecast.days.map(\.precipitationChance))")
        #expect(!forecast.days.contains { $0.hasSnow })
    }

    @Test func phoenixIsHot() async throws {
        let harness = try await HTTPHarness()
        let forecast = try await service(harness).forecast(for: Self.phoenix).forecast
        #expect(forecast.source == "nws")
        #expect(forecast.days.count == 7)
        #expect(forecast.days.allSatisfy { ($0.high ?? 0) >= 104 }, "highs were \(forecast.days.map(\.high))")
    }

    @Test func parisGoesStraightToOpenMeteo() async throws {
        let harness = try await HTTPHarness()
        let report = try await service(harness).forecast(for: Self.paris)
        #expect(report.forecast.source == "open-meteo")
        #expect(report.forecast.sourceName == "Open-Meteo")
        #expect(report.note == nil)
        #expect(report.forecast.timeZone == "Europe/Paris")
        #expect(report.forecast.days.count == 16)
        #expect(report.forecast.days.allSatisfy { (51...60).contains($0.high ?? 0) })

        let log = try await harness.log()
        #expect(!log.contains { $0.path.hasPrefix("/points") })
        #expect(log.map(\.path) == ["/v1/forecast"])
        let query = log.first?.query ?? ""
        for parameter in ["latitude=48.8566", "longitude=2.3522", "timezone=auto", "forecast_days=16",
                          "temperature_unit=fahrenheit", "wind_speed_unit=mph"] {
            #expect(query.contains(parameter), "query was \(query)")
        }
    }

    @Test func anInvalidPointFallsBackToOpenMeteoWithANote() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/points", mode: "404")
        let report = try await service(harness).forecast(for: Self.boise)
        #expect(report.forecast.source == "open-meteo")
        #expect(report.note == "outside NWS coverage; using Open-Meteo")
        #expect(report.forecast.days.count == 16)
        #expect(try await harness.log().map(\.path) == ["/points/43.6135,-116.2035", "/v1/forecast"])
    }

    @Test func aTerritoryOutsideTheStandInsCoverageFallsBack() async throws {
        let harness = try await HTTPHarness()
        let report = try await service(harness).forecast(for: Self.guam)
        #expect(report.forecast.source == "open-meteo")
        #expect(report.note == "outside NWS coverage; using Open-Meteo")
    }

    @Test func aFailingNWSDoesNotFallBackToOpenMeteo() async throws {
        // A 5xx is NWS having trouble, not a point it does not cover.
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "503")
        await #expect(throws: ServiceError.self) {
            _ = try await service(harness).forecast(for: Self.denver)
        }
        #expect(try await !harness.log().contains { $0.path == "/v1/forecast" })
    }

    @Test func offlineWithNothingCachedMakesNoRequest() async throws {
        let harness = try await HTTPHarness()
        await #expect(throws: ServiceError.offline(service: "NWS")) {
            _ = try await service(harness, mode: .offline).forecast(for: Self.denver)
        }
        #expect(try await harness.services.requestCount() == 0)
    }

    @Test(arguments: [
        (39.73915, -104.9847, "39.7392,-104.9847"),
        (41.85003, -87.6298, "41.85,-87.6298"),
        (-0.0000001, 0.0000001, "0,0"),
        (30, -85, "30,-85"),
        (45.5, -122.10001, "45.5,-122.1"),
        (64.14660, -21.94260, "64.1466,-21.9426"),
    ])
    func pointPathRoundsToFourDecimals(_ latitude: Double, _ longitude: Double, _ expected: String) {
        #expect(ForecastService.pointPath(latitude: latitude, longitude: longitude) == expected)
    }

    @Test func whoGoesToNWSFirst() {
        #expect(ForecastService.isNWSCandidate(Self.denver))
        #expect(ForecastService.isNWSCandidate(Self.guam))
        #expect(!ForecastService.isNWSCandidate(Self.paris))
    }

    @Test func aPinnedForecastNeedsNoNetwork() async throws {
        let forecast = Forecast(
            source: "nws", url: "https://api.weather.gov/x", timeZone: "America/Denver", updatedAt: nil,
            fetchedAt: Date(timeIntervalSince1970: 1_700_000_000),
            days: [ForecastDay(date: try #require(CalendarDate("2026-12-03")), high: 34, low: 18, summary: "Snow", source: .nws)]
        )
        let report = try await PinnedForecastProvider(forecast: forecast).forecast(for: Self.denver)
        #expect(report.forecast == forecast)
        #expect(report.origin == .pinned)
        #expect(try Forecast.fromJSON(try forecast.jsonText()) == forecast)
    }
}
