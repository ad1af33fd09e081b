import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// The decoders on recorded NWS shapes (`Tests/Fixtures/nws/`, copied from real api.weather.gov
/// answers) and on hand-written Open-Meteo bodies.
@Suite struct ForecastDecoderTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: LoopbackServer.fixtures.appending(path: "nws/\(name)"))
    }

    static let fetchedAt = Date(timeIntervalSince1970: 1_571_000_000)

    /// The recorded forecast with some of its periods' fields replaced.
    static func editedForecast(_ edit: (inout [[String: Any]]) -> Void) throws -> Data {
        var document = try #require(try JSONSerialization.jsonObject(with: fixture("forecast-TAE.json")) as? [String: Any])
        var properties = try #require(document["properties"] as? [String: Any])
        var periods = try #require(properties["periods"] as? [[String: Any]])
        edit(&periods)
        properties["periods"] = periods
        document["properties"] = properties
        return try JSONSerialization.data(withJSONObject: document)
    }

    static func decode(_ data: Data) throws -> Forecast {
        try NWSForecastDecoder.forecast(
            from: data, url: "https://api.weather.gov/gridpoints/TAE/58,65/forecast",
            timeZone: "America/New_York", fetchedAt: fetchedAt
        )
    }

    // MARK: - NWS

    @Test func thePointNamesItsForecastAndTimeZone() throws {
        let data = try Self.fixture("points-TAE.json")
        let point = try NWSForecastDecoder.point(from: data)
        #expect(point.forecastURL.absoluteString == "https://api.weather.gov/gridpoints/TAE/58,65/forecast")
        #expect(point.timeZone == "America/New_York")
        #expect(NWSForecastDecoder.isPoint(data))
        #expect(!NWSForecastDecoder.isForecast(data))
    }

    @Test func theRecordedForecastDecodesWithItsQuirks() throws {
        let data = try Self.fixture("forecast-TAE.json")
        #expect(NWSForecastDecoder.isForecast(data))
        #expect(!NWSForecastDecoder.isPoint(data))
        let forecast = try Self.decode(data)
        #expect(forecast.source == "nws")
        #expect(forecast.timeZone == "America/New_York")
        #expect(forecast.fetchedAt == Self.fetchedAt)
        #expect(forecast.updatedAt == Date(timeIntervalSince1970: 1_570_990_580), "updateTime 2019-10-13T18:16:20Z")

        // "This Afternoon" and "Tonight" make one day.
        #expect(forecast.days.count == 1)
        let day = try #require(forecast.days.first)
        #expect(day.date == CalendarDate("2019-10-13"))
        #expect(day.high == 41)
        #expect(day.low == 68)
        // The night's probabilityOfPrecipitation.value is null: the day's 20 % stands.
        #expect(day.precipitationChance == 20)
        // "10 mph" by day, "0 to 5 mph" by night.
        #expect(day.wind == 10)
        #expect(day.gust == nil, "no windGust in the recording")
        #expect(day.summary == "Chance Showers And Thunderstorms")
        #expect(day.nightSummary == "Mostly Clear")
        #expect(day.hasThunder)
        #expect(!day.hasSnow)
        #expect(day.compactLine.contains("41/68°F"))
    }

    @Test func nullPrecipitationStaysUnknown() throws {
        let data = try Self.editedForecast { periods in
            for index in periods.indices {
                periods[index]["probabilityOfPrecipitation"] = ["unitCode": "wmoUnit:percent", "value": NSNull()]
            }
        }
        let day = try #require(try Self.decode(data).days.first)
        #expect(day.precipitationChance == nil)
        #expect(!day.compactLine.contains("precip"))
    }

    @Test(arguments: [nil, "", "rising", "falling"] as [String?])
    func anyTemperatureTrendIsAccepted(_ trend: String?) throws {
        let data = try Self.editedForecast { periods in
            for index in periods.indices {
                periods[index]["temperatureTrend"] = trend.map { $0 as Any } ?? NSNull()
            }
        }
        let day = try #require(try Self.decode(data).days.first)
        #expect(day.high == 41)
        #expect(day.low == 68)
    }

    @Test func windRangesGustsAndCelsius() throws {
        let data = try Self.editedForecast { periods in
            periods[0]["temperature"] = 5
            periods[0]["temperatureUnit"] = "C"
            periods[0]["windSpeed"] = "15 to 25 mph"
            periods[0]["windGust"] = "40 mph"
            periods[1]["windGust"] = NSNull()
            periods[1]["shortForecast"] = "Chance Snow Showers"
            periods[1]["detailedForecast"] = ""
        }
        let day = try #require(try Self.decode(data).days.first)
        #expect(day.high == 41, "5 °C is 41 °F")
        #expect(day.wind == 25)
        #expect(day.gust == 40)
        #expect(day.hasSnow)
    }

    @Test func snowMentionedOnlyInTheDetailedForecastCounts() throws {
        let data = try Self.editedForecast { periods in
            periods[1]["shortForecast"] = "Mostly Cloudy"
            periods[1]["detailedForecast"] = "Mostly cloudy, with a chance of flurries after midnight."
        }
        #expect(try #require(try Self.decode(data).days.first).hasSnow)
    }

    @Test func unreadableForecastsAreMalformed() throws {
        #expect(throws: ServiceError.malformed(service: "NWS", detail: "the forecast is not JSON")) {
            _ = try Self.decode(Data("<html>".utf8))
        }
        #expect(throws: ServiceError.malformed(service: "NWS", detail: "the forecast has no periods")) {
            _ = try Self.decode(Data(#"{"properties": {}}"#.utf8))
        }
        #expect(throws: ServiceError.self) {
            _ = try NWSForecastDecoder.point(from: Data(#"{"properties": {"gridId": "TAE"}}"#.utf8))
        }
        #expect(!NWSForecastDecoder.isForecast(Data("{\"properties\": {\"peri".utf8)))
    }

    // MARK: - Open-Meteo

    static let openMeteo = """
        {"latitude":48.875,"longitude":2.375,"utc_offset_seconds":3600,"timezone":"Europe/Paris",
         "daily_units":{"time":"iso8601"},
         "daily":{"time":["2025-11-01","2025-11-02"],
                  "temperature_2m_max":[55.2,null],"temperature_2m_min":[44.6,40.1],
                  "precipitation_probability_max":[80,null],"precipitation_sum":[3.2,0.0],
                  "snowfall_sum":[0.0,1.4],"weather_code":[63,71],"wind_speed_10m_max":[12.4,8.0],
                  "wind_gusts_10m_max":[25.9,null],"uv_index_max":[1.5,null]}}
        """

    @Test func openMeteoDailyDecodes() throws {
        let data = Data(Self.openMeteo.utf8)
        #expect(OpenMeteoForecastDecoder.isForecast(data))
        let forecast = try OpenMeteoForecastDecoder.forecast(
            from: data, url: "u", fallbackTimeZone: "UTC", fetchedAt: Self.fetchedAt
        )
        #expect(forecast.source == "open-meteo")
        #expect(forecast.timeZone == "Europe/Paris")
        #expect(forecast.updatedAt == nil)
        #expect(forecast.days.count == 2)
        let first = try #require(forecast.days.first)
        #expect(first.date == CalendarDate("2025-11-01"))
        #expect(first.high == 55)
        #expect(first.low == 45)
        #expect(first.precipitationChance == 80)
        #expect(first.precipitation == 3.2)
        #expect(first.wind == 12)
        #expect(first.gust == 26)
        #expect(first.summary == "Rain")
        #expect(!first.hasSnow)
        let second = try #require(forecast.days.last)
        #expect(second.high == nil)
        #expect(second.precipitationChance == nil)
        #expect(second.gust == nil)
        #expect(second.hasSnow)
        #expect(second.summary == "Light Snow")
    }

    @Test func openMeteoGMTMeansThePlacesOwnZone() throws {
        let text = Self.openMeteo.replacingOccurrences(of: "Europe/Paris", with: "GMT")
        let forecast = try OpenMeteoForecastDecoder.forecast(
            from: Data(text.utf8), url: "u", fallbackTimeZone: "Europe/Paris", fetchedAt: Self.fetchedAt
        )
        #expect(forecast.timeZone == "Europe/Paris")
    }

    @Test func openMeteoWithoutDailyIsMalformed() {
        let data = Data(#"{"error":true,"reason":"Latitude must be in range of -90 to 90°. Given: 91.0."}"#.utf8)
        #expect(!OpenMeteoForecastDecoder.isForecast(data))
        #expect(throws: ServiceError.self) {
            _ = try OpenMeteoForecastDecoder.forecast(from: data, url: "u", fallbackTimeZone: "UTC", fetchedAt: Self.fetchedAt)
        }
    }

    // MARK: - Problems and words

    @Test func problemDocuments() throws {
        let nws = try #require(Problem(data: Data("""
            {"correlationId": "1a2b3c4d", "title": "Data Unavailable For Requested Point",
             "type": "https://api.weather.gov/problems/InvalidPoint", "status": 404,
             "detail": "Unable to provide data for requested point 48.8566,2.3522",
             "instance": "https://api.weather.gov/requests/1a2b3c4d"}
            """.utf8)))
        #expect(nws.title == "Data Unavailable For Requested Point")
        #expect(nws.status == 404)
        #expect(nws.correlationID == "1a2b3c4d")
        #expect(nws.type == "https://api.weather.gov/problems/InvalidPoint")

        let openMeteo = try #require(Problem(data: Data(#"{"error":true,"reason":"Invalid timezone"}"#.utf8)))
        #expect(openMeteo.detail == "Invalid timezone")

        #expect(Problem(data: Data("<HTML><TITLE>Access Denied</TITLE></HTML>".utf8)) == nil)
        #expect(Problem(data: Data("Too Many Requests.".utf8)) == nil)
        #expect(Problem(data: Data(#"{"ok": true}"#.utf8)) == nil)
    }

    @Test(arguments: [
        ("10 mph", 10), ("0 to 5 mph", 5), ("20 to 30 mph", 30), ("32 km/h", 20), ("", nil), ("calm", nil),
    ] as [(String, Int?)])
    func windText(_ text: String, _ expected: Int?) {
        #expect(WeatherText.windMPH(text) == expected)
    }

    @Test func weatherWords() {
        #expect(WeatherText.mentionsSnow("Heavy Snow"))
        #expect(WeatherText.mentionsSnow("Freezing Rain Likely"))
        #expect(!WeatherText.mentionsSnow("Rain Showers"))
        #expect(WeatherText.mentionsThunder("Chance Showers And Thunderstorms"))
        #expect(WeatherText.wmoIsSnow(85))
        #expect(!WeatherText.wmoIsSnow(63))
        #expect(WeatherText.wmoIsThunder(96))
        #expect(WeatherText.wmoSummary(0) == "Clear")
    }

    @Test func theCompactLineTheModelSees() throws {
        let day = ForecastDay(
            date: try #require(CalendarDate("2026-12-03")), high: 34, low: 18, precipitationChance: 80,
            hasSnow: true, wind: 15, gust: 35, summary: "Snow Showers Likely"
        )
        #expect(day.compactLine == "Thu Dec 3: 34/18°F, Snow Showers Likely, 80% precip, wind 15 mph, gusts 35")
    }
}
