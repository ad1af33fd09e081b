import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// The sea's temperature from the marine API's stand-in (its real shape: several locations in one request,
/// an array; land points null throughout): a coastal place finds its sea offshore, an inland one has none,
/// a trip past the marine forecast reads the same dates last year, and a failure is a note, never the forecast's.
@Suite struct MarineServiceTests {
    static let lisbon = ForecastServiceTests.place("Lisbon", "", "PT", 38.72509, -9.1498, "Europe/Lisbon")
    static let capeTown = ForecastServiceTests.place("Cape Town", "", "ZA", -33.92584, 18.42322, "Africa/Johannesburg")
    static let madrid = ForecastServiceTests.place("Madrid", "", "ES", 40.4168, -3.7038, "Europe/Madrid")

    func service(_ harness: HTTPHarness, sea: Bool = true) -> ForecastService {
        var service = ForecastService(
            http: harness.client(mode: .normal), nwsBase: harness.services.url, openMeteoBase: harness.services.url,
            climateBase: harness.services.url
        )
        if sea { service.marineBase = harness.services.url }
        return service
    }

    func today(_ place: Place) -> CalendarDate { CalendarDate(Date(), in: TimeZone(identifier: place.timeZone)) }

    @Test func aCoastalPlaceFindsItsSeaOffshore() async throws {
        let today = today(Self.lisbon)
        let harness = try await HTTPHarness(anchor: today.description)
        let first = today.adding(days: 2), last = today.adding(days: 6)
        let report = try await service(harness).forecast(for: Self.lisbon, from: first, to: last)
        let sea = try #require(report.forecast.sea)
        #expect(!sea.isLastYear)
        #expect(sea.from == first && sea.to == last)
        #expect((13.5...19.5).contains(sea.celsius), "\(sea.celsius)")
        let log = try await harness.log()
        let marine = log.filter { $0.path == "/v1/marine" }
        #expect(marine.count == 1, "one request for the five points")
        #expect(marine.first?.query.contains("hourly=sea_surface_temperature") == true)
        #expect(marine.first?.query.contains("start_date=\(first)") == true)
        // A second read is the cache's.
        _ = try await service(harness).forecast(for: Self.lisbon, from: first, to: last)
        #expect(try await harness.log().filter { $0.path == "/v1/marine" }.count == 1)
    }

    @Test func anInlandPlaceHasNoSea() async throws {
        let today = today(Self.madrid)
        let harness = try await HTTPHarness(anchor: today.description)
        let report = try await service(harness).forecast(for: Self.madrid, from: today.adding(days: 1), to: today.adding(days: 4))
        #expect(report.forecast.sea == nil)
        #expect(report.note == nil, "no sea is not a failure")
    }

    @Test func pastTheMarineForecastItIsLastYearsSea() async throws {
        let today = today(Self.capeTown)
        let harness = try await HTTPHarness(anchor: today.description)
        let first = today.adding(days: 25), last = today.adding(days: 31)
        let report = try await service(harness).forecast(for: Self.capeTown, from: first, to: last)
        let sea = try #require(report.forecast.sea)
        #expect(sea.isLastYear)
        #expect(sea.from.year == first.year - 1 && sea.from.month == first.month)
        #expect((12.5...17.5).contains(sea.celsius), "\(sea.celsius)")
        #expect(sea.reason(units: .metric).hasSuffix("on these dates last year"))
    }

    @Test func notAskedUnlessTheTripGoesInTheWater() async throws {
        let today = today(Self.lisbon)
        let harness = try await HTTPHarness(anchor: today.description)
        let report = try await service(harness, sea: false).forecast(for: Self.lisbon, from: today.adding(days: 1), to: today.adding(days: 3))
        #expect(report.forecast.sea == nil)
        #expect(try await !harness.log().contains { $0.path == "/v1/marine" })
    }

    @Test func aFailingMarineServiceIsANote() async throws {
        let today = today(Self.lisbon)
        let harness = try await HTTPHarness(anchor: today.description)
        try await harness.services.fault("/v1/marine", mode: "500")
        let report = try await service(harness).forecast(for: Self.lisbon, from: today.adding(days: 1), to: today.adding(days: 3))
        #expect(report.forecast.sea == nil)
        #expect(!report.forecast.days.isEmpty)
        #expect(report.note?.contains("sea's temperature could not be had") == true, "\(report.note ?? "")")
    }

    /// Shapes the decoder refuses or reads as land.
    @Test func hostileAnswers() throws {
        #expect(throws: ServiceError.self) { try MarineService.meanSea(from: Data("{}".utf8)) }
        #expect(throws: ServiceError.self) { try MarineService.meanSea(from: Data("[1,2]".utf8)) }
        let land = #"{"hourly":{"time":["2026-06-01T00:00","2026-06-01T01:00"],"sea_surface_temperature":[null,null]}}"#
        #expect(try MarineService.meanSea(from: Data(land.utf8)) == nil)
        let absurd = #"{"hourly":{"time":["a","b"],"sea_surface_temperature":[1e300,-500]}}"#
        #expect(try MarineService.meanSea(from: Data(absurd.utf8)) == nil)
        let one = #"{"hourly":{"time":["a","b"],"sea_surface_temperature":[15.0,16.0]}}"#
        #expect(try MarineService.meanSea(from: Data(one.utf8)) == 15.5)
    }
}
