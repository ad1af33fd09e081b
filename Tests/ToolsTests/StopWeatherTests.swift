import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// Issue 32, round four: a stop's own weather. The dates a stop's weather is asked for, the source line
/// naming only the sources that gave days, and the alerts' failure kept on the forecast so a pack can say it.
@Suite struct StopWeatherTests {
    static func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(text)) }

    static func day(_ date: CalendarDate, high: Int, source: DaySource) -> ForecastDay {
        ForecastDay(date: date, high: high, low: high - 20, summary: "Usually dry", source: source)
    }

    @Test func aStopIsAskedForItsOwnDaysAndAPlaceVisitedTwiceForBoth() throws {
        let denver = ForecastServiceTests.denver, phoenix = ForecastServiceTests.phoenix
        let d1 = try Self.date("2026-12-03")
        let legs = [
            TripLeg(position: 1, destination: "Denver", place: denver, start: d1, end: d1.adding(days: 2)),
            TripLeg(position: 2, destination: "Phoenix", place: phoenix, start: d1.adding(days: 2), end: d1.adding(days: 5)),
            TripLeg(position: 3, destination: "Denver", place: denver, start: d1.adding(days: 5), end: d1.adding(days: 7)),
        ]
        let end = d1.adding(days: 7)
        let atPhoenix = StopDates.range(at: phoenix, legs: legs, tripStart: d1, tripEnd: end)
        #expect(atPhoenix.start == d1.adding(days: 2) && atPhoenix.end == d1.adding(days: 5))
        let atDenver = StopDates.range(at: denver, legs: legs, tripStart: d1, tripEnd: end)
        #expect(atDenver.start == d1 && atDenver.end == end)
        // No stops (a one-place trip, a standalone tool): the trip's days.
        let alone = StopDates.range(at: phoenix, legs: [], tripStart: d1, tripEnd: end)
        #expect(alone.start == d1 && alone.end == end)
    }

    @Test func aStopKeepsOnlyTheAlertsOverItsOwnDays() throws {
        let formatter = ISO8601DateFormatter()
        let ended = WeatherAlert(
            event: "Winter Storm Warning", headline: "h", severity: "Severe",
            onset: formatter.date(from: "2026-12-03T13:00:00Z"), ends: formatter.date(from: "2026-12-05T01:00:00Z"), summary: ""
        )
        let forecast = Forecast(
            source: "nws", url: "u", timeZone: "America/Denver", updatedAt: nil, fetchedAt: Date(), days: [], alerts: [ended]
        )
        // It ends Dec 4, 6 pm in Denver: nothing to a stop from Dec 5; in force on a stop of Dec 4.
        #expect(StopDates.keepingAlerts(forecast, from: try Self.date("2026-12-05"), to: try Self.date("2026-12-08")).alerts.isEmpty)
        #expect(StopDates.keepingAlerts(forecast, from: try Self.date("2026-12-04"), to: try Self.date("2026-12-05")).alerts.count == 1)
    }

    @Test func theSourceLineNamesOnlyTheSourcesThatGaveTheDays() throws {
        let today = try Self.date("2026-12-01")
        let days = (0..<7).map { Self.day(today.adding(days: $0), high: 40, source: .nws) }
            + (7..<10).map { Self.day(today.adding(days: $0), high: 40, source: .openMeteo) }
        let forecast = Forecast(source: "nws", url: "u", timeZone: "UTC", updatedAt: nil, fetchedAt: Date(), days: days)
        #expect(forecast.sourceName(from: today.adding(days: 8), to: today.adding(days: 9)) == "Open-Meteo")
        #expect(forecast.sourceName(from: today.adding(days: 5), to: today.adding(days: 9)) == "NWS + Open-Meteo")
        #expect(forecast.sourceName(from: today.adding(days: 20), to: today.adding(days: 22)) == nil)
    }

    @Test func alertsThatCouldNotBeReadAreKeptOnTheForecast() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/alerts/active", mode: "500")
        let denver = ForecastServiceTests.denver
        let today = CalendarDate(Date(), in: TimeZone(identifier: denver.timeZone))
        let service = ForecastService(
            http: harness.client(mode: .normal), nwsBase: harness.services.url, openMeteoBase: harness.services.url
        )
        let report = try await service.forecast(for: denver, from: today.adding(days: 1), to: today.adding(days: 3))
        #expect(report.forecast.alerts.isEmpty)
        let reason = try #require(report.forecast.alertsUnavailable)
        #expect(reason.contains("500"), "\(reason)")
        #expect(report.note?.contains("the NWS alerts could not be read") == true)
    }

    @Test func aServiceAnsweringDaysItWasNotAskedForAddsNoneTwice() throws {
        let today = try Self.date("2026-12-01")
        let nws = (0..<7).map { Self.day(today.adding(days: $0), high: 40, source: .nws) }
        // Asked from day 7, Open-Meteo answered its 16 days from today (as a hostile stand-in does).
        let openMeteo = (0..<16).map { Self.day(today.adding(days: $0), high: 60, source: .openMeteo) }
        let make = { (days: [ForecastDay]) in
            Forecast(source: "nws", url: "u", timeZone: "UTC", updatedAt: nil, fetchedAt: Date(), days: days)
        }
        let days = ForecastService.distinctDays([make(nws), make(openMeteo)])
        #expect(days.map(\.date) == (0..<16).map { today.adding(days: $0) })
        #expect(days.prefix(7).allSatisfy { $0.source == .nws } && days.dropFirst(7).allSatisfy { $0.source == .openMeteo })
    }
}
