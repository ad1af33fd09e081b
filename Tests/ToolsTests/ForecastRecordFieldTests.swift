import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// The cached forecast record (`Forecast+Record.swift`) is written field by field by hand: a field added to
/// `Forecast` or `ForecastDay` and left out of it would read back as its default on every cache hit. This
/// suite fills every stored property with a value that is not a default, checks by reflection that it did
/// (so a new property must be filled here too), and finds each one again after a real cache hit.
@Suite struct ForecastRecordFieldTests {
    /// Every field set, none to its default: a new property left at its default fails `everyFieldIsSet`.
    static let filled: Forecast = {
        var forecast = Forecast(
            source: "open-meteo", url: "https://api.open-meteo.com/v1/forecast?latitude=39.74", timeZone: "America/Denver",
            updatedAt: Date(timeIntervalSince1970: 1_796_085_347.25), fetchedAt: Date(timeIntervalSince1970: 1_796_085_350.5),
            days: [
                ForecastDay(
                    date: CalendarDate(dayNumber: 20_790), high: 34, low: -18, precipitationChance: 80, precipitation: 12.5,
                    snowfall: 0.1, hasSnow: true, hasThunder: true, wind: 15, gust: 35, uvIndex: 3.25,
                    summary: "Snow\tShowers", nightSummary: "Clear ☀︎", source: .climate,
                    climate: DayClimate(
                        place: "Denver", firstYear: 2016, lastYear: 2025, samples: 70, coldNight: -25, hotDay: 45,
                        wetShare: 0.3, snowShare: 0.2
                    )
                ),
            ],
            alerts: [
                WeatherAlert(
                    event: "Winter Storm Warning", headline: "Winter Storm Warning issued\tDecember 2",
                    severity: "Severe", onset: Date(timeIntervalSince1970: 1_796_100_000.5),
                    ends: Date(timeIntervalSince1970: 1_796_200_000.25), summary: "Heavy snow ☃"
                ),
            ],
            elevation: 1_609.25
        )
        forecast.alertsUnavailable = "NWS alerts is unavailable (HTTP 500)\tfor now"
        forecast.sea = SeaTemperature(celsius: 15.25, from: CalendarDate(dayNumber: 20_790), to: CalendarDate(dayNumber: 20_796), isLastYear: true)
        var stopSea = SeaTemperature(celsius: 21.5, from: CalendarDate(dayNumber: 20_791), to: CalendarDate(dayNumber: 20_793), isLastYear: false)
        stopSea.stop = "Lisbon\tcoast"
        forecast.stopSeas = [stopSea]
        return forecast
    }()

    /// The stored properties of `value` whose value is a default: nil, false, zero, or an empty text or list.
    static func defaultFields(of value: Any) -> [String] {
        Mirror(reflecting: value).children.compactMap { child in
            let name = child.label ?? "?"
            let field = child.value
            let mirror = Mirror(reflecting: field)
            if mirror.displayStyle == .optional && mirror.children.isEmpty { return name }
            if let flag = field as? Bool, !flag { return name }
            if let number = field as? Int, number == 0 { return name }
            if let number = field as? Double, number == 0 { return name }
            if let text = field as? String, text.isEmpty { return name }
            if let list = field as? [Any], list.isEmpty { return name }
            return nil
        }
    }

    /// Each stored property of `value` by name, as text (optionals unwrapped by `String(describing:)`).
    static func fields(of value: Any) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: value).children.map {
            ($0.label ?? "?", String(describing: $0.value))
        })
    }

    @Test func everyFieldIsSet() throws {
        #expect(Self.defaultFields(of: Self.filled) == [], "fill these in `filled`")
        let day = try #require(Self.filled.days.first)
        #expect(Self.defaultFields(of: day) == [], "fill these in `filled`")
    }

    @Test func everyFieldComesBackFromACacheHit() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        let first = try await client.getDecoded(harness.forecastURL, service: "Open-Meteo", kind: .forecast) { _ in Self.filled }
        #expect(first.origin == .network)
        let hit = try await client.getDecoded(harness.forecastURL, service: "Open-Meteo", kind: .forecast) { _ -> Forecast in
            Issue.record("the hit decoded the body instead of reading the record")
            return Self.filled
        }
        #expect(hit.origin == .cache)
        let expected = Self.fields(of: Self.filled)
        let found = Self.fields(of: hit.value)
        for (name, value) in expected where name != "days" {
            #expect(found[name] == value, "Forecast.\(name) after a cache hit")
        }
        let day = try #require(Self.filled.days.first)
        let foundDay = try #require(hit.value.days.first)
        #expect(hit.value.days.count == Self.filled.days.count)
        let foundDayFields = Self.fields(of: foundDay)
        for (name, value) in Self.fields(of: day) {
            #expect(foundDayFields[name] == value, "ForecastDay.\(name) after a cache hit")
        }
        #expect(hit.value == Self.filled)
    }
}
