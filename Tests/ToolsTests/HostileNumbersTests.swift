import Foundation
import HTTPCore
import LanguageModels
import Model
import Store
import Testing
@testable import Tools

/// Numbers and lifetimes from services that lie: range-checked, never trapped, capped.
@Suite struct HostileNumbersTests {
    static let fetched = Date(timeIntervalSince1970: 1_700_000_000)

    static func nwsForecast(temperature: String, chance: String, wind: String) -> Data {
        Data("""
        {"properties": {"periods": [
          {"startTime": "2026-12-03T06:00:00-07:00", "isDaytime": true, "temperature": \(temperature),
           "temperatureUnit": "F", "probabilityOfPrecipitation": {"value": \(chance)}, "windSpeed": "\(wind)",
           "shortForecast": "Sunny", "detailedForecast": ""},
          {"startTime": "2026-12-03T18:00:00-07:00", "isDaytime": false, "temperature": \(temperature),
           "temperatureUnit": "C", "probabilityOfPrecipitation": {"value": 50}, "windSpeed": "10 km/h",
           "shortForecast": "Clear", "detailedForecast": ""}
        ]}}
        """.utf8)
    }

    @Test(arguments: ["1e308", "-9.3e18", "9.3e18", "1e300", "151", "-151"])
    func anNWSNumberOutOfRangeLeavesTheFieldUnknown(_ number: String) throws {
        let data = Self.nwsForecast(temperature: number, chance: number, wind: "99999999999999999999 mph")
        let forecast = try NWSForecastDecoder.forecast(from: data, url: "u", timeZone: "UTC", fetchedAt: Self.fetched)
        let day = try #require(forecast.days.first)
        #expect(day.high == nil)
        #expect(day.low == nil)
        #expect(day.precipitationChance == 50)
        #expect(day.wind == 6)
        #expect(NWSForecastDecoder.isForecast(data))
    }

    @Test func inRangeNWSNumbersAreKept() throws {
        let data = Self.nwsForecast(temperature: "40", chance: "30.4", wind: "5 to 15 mph")
        let forecast = try NWSForecastDecoder.forecast(from: data, url: "u", timeZone: "UTC", fetchedAt: Self.fetched)
        let day = try #require(forecast.days.first)
        #expect(day.high == 40)
        #expect(day.low == 104)  // 40 °C at night, converted
        #expect(day.precipitationChance == 50)
        #expect(day.wind == 15)
    }

    @Test func openMeteoNumbersOutOfRangeLeaveTheFieldUnknown() throws {
        let data = Data("""
        {"timezone": "Europe/Paris", "daily": {"time": ["2026-12-03", "2026-12-04"],
          "temperature_2m_max": [-9.3e18, 55.4], "temperature_2m_min": [1e308, 40],
          "precipitation_probability_max": [9.3e18, 101], "precipitation_sum": [1e300, 2.5],
          "snowfall_sum": [-1, 0], "weather_code": [1e300, 61.5], "wind_speed_10m_max": [-3, 12.4],
          "wind_gusts_10m_max": [1e19, 30], "uv_index_max": [99, 3]}}
        """.utf8)
        let forecast = try OpenMeteoForecastDecoder.forecast(from: data, url: "u", fallbackTimeZone: "UTC", fetchedAt: Self.fetched)
        let first = try #require(forecast.days.first)
        #expect(first.high == nil && first.low == nil && first.precipitationChance == nil)
        #expect(first.precipitation == nil && first.snowfall == nil && first.wind == nil && first.gust == nil)
        #expect(first.uvIndex == nil && first.summary == "" && !first.hasSnow)
        let second = try #require(forecast.days.last)
        #expect(second.high == 55 && second.low == 40 && second.precipitationChance == nil)
        #expect(second.summary == "" && second.wind == 12 && second.gust == 30 && second.uvIndex == 3)
    }

    @Test func whatDoesNotDecodeIsNotAcceptedForTheCache() {
        #expect(!NWSForecastDecoder.isForecast(Data(#"{"properties": {}}"#.utf8)))
        #expect(!NWSForecastDecoder.isForecast(Data("{\"properties\": {\"periods\": [".utf8)))
        #expect(!OpenMeteoForecastDecoder.isForecast(Data(#"{"daily": {}}"#.utf8)))
    }

    // MARK: - Lifetimes

    func lifetime(_ cacheControl: String, _ kind: ResourceKind) throws -> TimeInterval {
        let url = try #require(URL(string: "https://api.weather.gov/x"))
        let response = try #require(HTTPResponse(
            url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Cache-Control": cacheControl]
        ))
        return Freshness.lifetime(of: response, receivedAt: Self.fetched, kind: kind)
    }

    @Test func lifetimesAreCappedPerKind() throws {
        #expect(try lifetime("max-age=99999999999", .forecast) == 86_400)
        // Not delta-seconds: invalid freshness information, so stale (RFC 9111 §4.2.1).
        #expect(try lifetime("max-age=inf", .forecast) == 0)
        #expect(try lifetime("max-age=nan", .forecast) == 0)
        #expect(try lifetime("max-age=-5", .forecast) == 0)
        #expect(try lifetime("max-age=1e308", .point) == 0)
        #expect(try lifetime("max-age=99999999999", .point) == 30 * 86_400)
        #expect(try lifetime("max-age=99999999999", .place) == 90 * 86_400)
        #expect(try lifetime("max-age=7200", .forecast) == 7_200)
        #expect(Freshness.usable(.infinity) == 0 && Freshness.usable(-.infinity) == 0 && Freshness.usable(.nan) == 0)
    }

    @Test func aCachedCopyOlderThanItsKindsCapIsStaleWhateverItsExpiry() {
        let cached = CachedResponse(
            url: "u", status: 200, contentType: nil, body: Data(), etag: nil, lastModified: nil,
            fetchedAt: Self.fetched, expiresAt: Date(timeIntervalSince1970: .infinity), validatedAt: Self.fetched
        )
        #expect(Freshness.isFresh(cached, at: Self.fetched.addingTimeInterval(3_600), kind: .forecast))
        #expect(!Freshness.isFresh(cached, at: Self.fetched.addingTimeInterval(86_401), kind: .forecast))
        #expect(Freshness.isFresh(cached, at: Self.fetched.addingTimeInterval(86_401), kind: .point))
    }

    // MARK: - Who gets the contact

    @Test func theContactGoesToTheNWSOriginOnly() throws {
        let nws = try #require(URL(string: "https://api.weather.gov"))
        let configuration = HTTPClient.Configuration(userAgent: "plan/1", contact: "me@example.com", contactOrigins: [nws])
        let point = try #require(URL(string: "https://api.weather.gov/points/1,2"))
        let openMeteo = try #require(URL(string: "https://api.open-meteo.com/v1/forecast"))
        let otherPort = try #require(URL(string: "https://api.weather.gov:8443/points/1,2"))
        let otherScheme = try #require(URL(string: "http://api.weather.gov/points/1,2"))
        #expect(configuration.userAgent(for: point) == "plan/1 (me@example.com)")
        #expect(configuration.userAgent(for: openMeteo) == "plan/1")
        #expect(configuration.userAgent(for: otherPort) == "plan/1")
        #expect(configuration.userAgent(for: otherScheme) == "plan/1")
    }
}
