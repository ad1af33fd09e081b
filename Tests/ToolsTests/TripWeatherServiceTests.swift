import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// Weather for every trip day against the stand-in: NWS, then Open-Meteo by date, then the climate from
/// `/v1/archive`, and the NWS alerts in force over the trip.
@Suite struct TripWeatherServiceTests {
    static let denver = ForecastServiceTests.denver
    static let paris = ForecastServiceTests.paris

    func service(_ harness: HTTPHarness, mode: FetchMode = .normal, climate: Bool = true) -> ForecastService {
        ForecastService(
            http: harness.client(mode: mode), nwsBase: harness.services.url, openMeteoBase: harness.services.url,
            climateBase: climate ? harness.services.url : nil
        )
    }

    /// Today at the place, as the service reckons it; each test's stand-in starts its forecasts on it, as NWS
    /// does (the stand-in's own default is the machine's date, a day ahead of Denver's from 00:00 to 07:00 UTC,
    /// when these tests failed).
    func today(_ place: Place) -> CalendarDate {
        CalendarDate(Date(), in: TimeZone(identifier: place.timeZone))
    }

    func sources(_ forecast: Forecast, _ first: CalendarDate, _ last: CalendarDate) -> String {
        DayPlanTests.runs(forecast.days(from: first, to: last).compactMap(\.source))
    }

    @Test func aUSTripOfTwelveDaysUsesOpenMeteoForItsSecondWeek() async throws {
        let today = today(Self.denver)
        let harness = try await HTTPHarness(anchor: today.description)
        let first = today.adding(days: 2), last = today.adding(days: 12)
        let report = try await service(harness).forecast(for: Self.denver, from: first, to: last)
        #expect(sources(report.forecast, first, last) == "nws×5 open-meteo×6")
        #expect(report.forecast.missingDays(from: first, to: last).isEmpty)
        #expect(report.forecast.sourceName == "NWS + Open-Meteo")
        let log = try await harness.log()
        let openMeteo = try #require(log.first { $0.path == "/v1/forecast" })
        #expect(openMeteo.query.contains("start_date=\(today.adding(days: 7))"), "query was \(openMeteo.query)")
        #expect(openMeteo.query.contains("end_date=\(last)"))
        #expect(!openMeteo.query.contains("forecast_days"))
        #expect(!log.contains { $0.path == "/v1/archive" }, "every day is forecast: no climate asked for")
    }

    @Test func aTripPastTheForecastIsTheClimateFromOneArchiveRequest() async throws {
        let today = today(Self.paris)
        let harness = try await HTTPHarness(anchor: today.description)
        let first = today.adding(days: 25), last = today.adding(days: 30)
        let report = try await service(harness).forecast(for: Self.paris, from: first, to: last)
        #expect(sources(report.forecast, first, last) == "climate×6")
        #expect(report.forecast.source == "climate")
        #expect(report.forecast.provider == "open-meteo")
        let days = report.forecast.days(from: first, to: last)
        #expect(days.allSatisfy { $0.climate?.place == "Paris" && $0.climate?.samples == 70 })
        let log = try await harness.log()
        #expect(log.map(\.path) == ["/v1/archive"], "no forecast request for days it cannot reach")
        let query = try #require(log.first?.query)
        for parameter in ["latitude=48.8566", "longitude=2.3522", "timezone=auto", "temperature_unit=fahrenheit",
                          "wind_speed_unit=mph", "snowfall_sum", "wind_gusts_10m_max"] {
            #expect(query.contains(parameter), "query was \(query)")
        }

        // A second time and offline: the cache answers, no request at all.
        let again = try await service(harness).forecast(for: Self.paris, from: first, to: last)
        let offline = try await service(harness, mode: .offline).forecast(for: Self.paris, from: first, to: last)
        #expect(again.forecast.days == report.forecast.days)
        #expect(offline.forecast.days == report.forecast.days)
        #expect(again.origin == .cached)
        #expect(try await harness.services.requestCount() == 1)
    }

    @Test func aTripAcrossTheHorizonIsForecastThenClimate() async throws {
        let today = today(Self.paris)
        let harness = try await HTTPHarness(anchor: today.description)
        let first = today.adding(days: 12), last = today.adding(days: 18)
        let report = try await service(harness).forecast(for: Self.paris, from: first, to: last)
        #expect(sources(report.forecast, first, last) == "open-meteo×4 climate×3")
        #expect(try await harness.log().map(\.path) == ["/v1/forecast", "/v1/archive"])
        let notice = try #require(ForecastReach.notice(for: report.forecast, from: first, to: last))
        let firstClimate = today.adding(days: 16)
        #expect(notice.hasPrefix("\(firstClimate.shortLabel) to \(last.shortLabel) are the usual weather of those dates"))
        #expect(notice.contains("the forecast reaches \(firstClimate.shortLabel) on \(today.adding(days: 1).shortLabel)"))
    }

    @Test func anArchiveFailureLeavesTheDaysMissingAndSaysSo() async throws {
        let today = today(Self.paris)
        let harness = try await HTTPHarness(anchor: today.description)
        try await harness.services.fault("/v1/archive", mode: "500")
        let first = today.adding(days: 12), last = today.adding(days: 18)
        let report = try await service(harness).forecast(for: Self.paris, from: first, to: last)
        #expect(sources(report.forecast, first, last) == "open-meteo×4")
        #expect(report.forecast.missingDays(from: first, to: last).count == 3)
        #expect(report.note?.contains("the usual climate could not be had") == true, "note was \(report.note ?? "nil")")

        // With no forecast for the trip's days either: the forecast for the days ahead, lacking all of them.
        let far = try await service(harness).forecast(for: Self.paris, from: today.adding(days: 30), to: today.adding(days: 32))
        #expect(far.forecast.missingDays(from: today.adding(days: 30), to: today.adding(days: 32)).count == 3)
        #expect(far.note?.contains("the usual climate could not be had") == true)
        // And when that fails too, the error, for a general list.
        let down = try await HTTPHarness(anchor: today.description)
        try await down.services.fault("/v1/", mode: "500")
        await #expect(throws: ServiceError.self) {
            _ = try await service(down).forecast(for: Self.paris, from: today.adding(days: 40), to: today.adding(days: 42))
        }
    }

    @Test func withoutAClimateServiceTheDaysPastTheForecastAreMissing() async throws {
        let today = today(Self.paris)
        let harness = try await HTTPHarness(anchor: today.description)
        let report = try await service(harness, climate: false)
            .forecast(for: Self.paris, from: today.adding(days: 14), to: today.adding(days: 17))
        #expect(report.forecast.missingDays(from: today.adding(days: 14), to: today.adding(days: 17)).count == 2)
        #expect(try await !harness.log().contains { $0.path == "/v1/archive" })
    }

    @Test func alertsAreFilteredToTheTripsDates() async throws {
        let today = today(Self.denver)
        let harness = try await HTTPHarness(anchor: today.description)
        // The stand-in's Denver has a Wind Advisory today until 9 pm and a Winter Storm Warning from tomorrow
        // 6 am to the day after next at 6 pm.
        let during = try await service(harness).forecast(for: Self.denver, from: today.adding(days: 1), to: today.adding(days: 4))
        #expect(during.forecast.alerts.map(\.event) == ["Winter Storm Warning"])
        let alert = try #require(during.forecast.alerts.first)
        #expect(alert.severity == "Severe")
        #expect(alert.headline.hasPrefix("Winter Storm Warning issued"))
        #expect(alert.summary == "heavy snow expected; travel could be very difficult to impossible")
        let onset = try #require(alert.onset), ends = try #require(alert.ends)
        #expect(ends.timeIntervalSince(onset) == 60 * 3_600)
        let notice = alert.notice(timeZone: Self.denver.timeZone)
        let onsetDay = today.adding(days: 1).weekdayName.prefix(3), endsDay = today.adding(days: 3).weekdayName.prefix(3)
        #expect(notice == "Winter Storm Warning, \(onsetDay) 6 am to \(endsDay) 6 pm: heavy snow expected; travel could be very difficult to impossible.")

        let both = try await service(harness).forecast(for: Self.denver, from: today, to: today.adding(days: 1))
        #expect(both.forecast.alerts.map(\.event).sorted() == ["Wind Advisory", "Winter Storm Warning"])
        let after = try await service(harness).forecast(for: Self.denver, from: today.adding(days: 5), to: today.adding(days: 8))
        #expect(after.forecast.alerts.isEmpty)

        let log = try await harness.log().filter { $0.path == "/alerts/active" }
        #expect(log.count == 1, "the alerts are cached for minutes")
        #expect(log.first?.query == "point=39.7392,-104.9847")
        // Paris is not NWS's: no alerts asked for.
        _ = try await service(harness).forecast(for: Self.paris, from: today, to: today.adding(days: 1))
        #expect(try await harness.log().filter { $0.path == "/alerts/active" }.count == 1)
    }

    @Test func alertsThatFailDoNotCostTheForecast() async throws {
        let today = today(Self.denver)
        let harness = try await HTTPHarness(anchor: today.description)
        try await harness.services.fault("/alerts", mode: "503")
        let report = try await service(harness).forecast(for: Self.denver, from: today, to: today.adding(days: 2))
        #expect(report.forecast.alerts.isEmpty)
        #expect(!report.forecast.days.isEmpty)
        #expect(report.note?.contains("the NWS alerts could not be read") == true)
    }
}
