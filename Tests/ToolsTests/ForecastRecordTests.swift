import Foundation
import Model
import Store
import Testing
@testable import Tools

/// The forecast record the HTTP cache keeps beside a document, and the JSON pinned to a trip: every field
/// comes back, the climate figures and the alerts included.
@Suite struct ForecastRecordTests {
    static let full: Forecast = {
        let date = CalendarDate(year: 2027, month: 1, day: 3) ?? CalendarDate(dayNumber: 0)
        let forecastDay = ForecastDay(
            date: date.adding(days: -1), high: 31, low: -4, precipitationChance: 80, precipitation: 12.5, snowfall: 9.25,
            hasSnow: true, hasThunder: true, wind: 22, gust: 48, uvIndex: 2.5, summary: "Heavy Snow\tand\\wind",
            nightSummary: "Blizzard\nConditions", source: .openMeteo
        )
        let climateDay = ForecastDay(
            date: date, high: 27, low: 12, precipitationChance: 40, precipitation: 3.1, snowfall: 1.4, hasSnow: true,
            hasThunder: false, wind: 11, gust: 29, uvIndex: nil, summary: "Sometimes wet", nightSummary: nil,
            source: .climate,
            climate: DayClimate(
                place: "Zermatt\tVS", firstYear: 2017, lastYear: 2026, samples: 70, coldNight: -2, hotDay: 36,
                wetShare: 0.4, snowShare: 0.35714285714285715
            )
        )
        let alert = WeatherAlert(
            event: "Winter Storm Warning", headline: "Winter Storm Warning issued December 1", severity: "Severe",
            onset: Date(timeIntervalSinceReferenceDate: 786_000_000.5), ends: nil, summary: "heavy snow; travel difficult"
        )
        return Forecast(
            source: "open-meteo", url: "https://api.open-meteo.com/v1/forecast?x=1", timeZone: "Europe/Zurich",
            updatedAt: Date(timeIntervalSinceReferenceDate: 785_999_000.25),
            fetchedAt: Date(timeIntervalSinceReferenceDate: 786_000_123.125), days: [forecastDay, climateDay],
            alerts: [alert], elevation: 1608.5
        )
    }()

    @Test func everyFieldSurvivesTheCacheRecord() throws {
        let record = Self.full.record
        let back = try #require(Forecast(record: record))
        #expect(back == Self.full)
        #expect(back.days[1].climate == Self.full.days[1].climate)
        #expect(back.alerts == Self.full.alerts)
    }

    @Test func everyFieldSurvivesThePinnedJSON() throws {
        let back = try Forecast.fromJSON(Self.full.jsonText())
        #expect(back == Self.full)
    }

    @Test func aRecordOfTheOlderVersionIsNotRead() {
        let old = Self.full.record.replacingOccurrences(of: "forecast\t4\t", with: "forecast\t3\t")
        #expect(Forecast(record: old) == nil)
        let unknownSource = Self.full.record.replacingOccurrences(of: "\tclimate\n", with: "\tguess\n")
        #expect(Forecast(record: unknownSource) == nil)
        let badShare = Self.full.record.replacingOccurrences(of: "\t0.4\t", with: "\t4.0\t")
        #expect(Forecast(record: badShare) == nil)
    }

    @Test func aForecastPinnedBeforeDaySourcesReadsAsItsOwnSource() throws {
        let text = #"{"source":"nws","url":"u","timeZone":"America/Denver","fetchedAt":1700000000,"days":[{"date":"2026-12-03","high":30,"hasSnow":true,"hasThunder":false,"summary":"Snow"}]}"#
        let forecast = try Forecast.fromJSON(text)
        #expect(forecast.days.first?.source == .nws)
        #expect(forecast.alerts.isEmpty)
        #expect(forecast.sourceName == "NWS")
    }
}
