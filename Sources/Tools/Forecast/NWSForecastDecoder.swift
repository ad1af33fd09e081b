import FoundationEssentials
import JSON
import LanguageModels
import Model
import Store

/// Reads NWS `/points` and gridpoint forecast documents, tolerating their quirks: null precipitation,
/// null or empty trends, wind as text ranges, missing gusts, `updated` and `updateTime` both present.
enum NWSForecastDecoder {
    struct Point: Equatable {
        var forecastURL: URL
        var timeZone: String?
    }

    static func point(from data: Data) throws -> Point {
        let document = try JSONValue.parse(data)
        guard let properties = document["properties"],
              let forecast = properties["forecast"]?.stringValue, let url = URL(string: forecast)
        else { throw ServiceError.malformed(service: "NWS", detail: "the points answer names no forecast URL") }
        return Point(forecastURL: url, timeZone: properties["timeZone"]?.stringValue)
    }

    /// Whether the bytes decode as a forecast (used to refuse caching garbage: what is stored always decodes).
    static func isForecast(_ data: Data) -> Bool {
        (try? forecast(from: data, url: "", timeZone: "UTC", fetchedAt: Date(timeIntervalSince1970: 0))) != nil
    }

    static func isPoint(_ data: Data) -> Bool {
        (try? point(from: data)) != nil
    }

    static func forecast(from data: Data, url: String, timeZone: String, fetchedAt: Date) throws -> Forecast {
        let document: JSONValue
        do { document = try JSONValue.parse(data) } catch {
            throw ServiceError.malformed(service: "NWS", detail: "the forecast is not JSON")
        }
        guard let properties = document["properties"], let periods = properties["periods"]?.arrayValue else {
            throw ServiceError.malformed(service: "NWS", detail: "the forecast has no periods")
        }
        let elevation = Self.elevation(properties["elevation"])
        let updated = (properties["updateTime"]?.stringValue ?? properties["updated"]?.stringValue)
            .flatMap(parseTimestamp)
        var days: [CalendarDate: ForecastDay] = [:]
        var order: [CalendarDate] = []
        for period in periods {
            guard let start = period["startTime"]?.stringValue, let date = CalendarDate(String(start.prefix(10))) else {
                continue
            }
            let isDaytime = period["isDaytime"]?.boolValue ?? true
            let summary = period["shortForecast"]?.stringValue ?? ""
            let detailed = period["detailedForecast"]?.stringValue ?? ""
            var reading = period["temperature"]?.doubleValue
            if period["temperatureUnit"]?.stringValue == "C", let celsius = reading {
                reading = celsius * 9 / 5 + 32
            }
            // Out-of-range numbers (1e308, NaN) leave the field unknown rather than trap in Int(_:).
            let temperature = ForecastBounds.whole(reading, in: ForecastBounds.fahrenheit)
            let chance = ForecastBounds.whole(
                period["probabilityOfPrecipitation"]?["value"]?.doubleValue, in: ForecastBounds.percent
            )
            let wind = WeatherText.windMPH(period["windSpeed"]?.stringValue)
            let gust = WeatherText.windMPH(period["windGust"]?.stringValue)
            if days[date] == nil {
                order.append(date)
                days[date] = ForecastDay(date: date, summary: "", source: .nws)
            }
            guard var day = days[date] else { continue }
            if isDaytime {
                day.high = temperature
                day.summary = summary
            } else {
                day.low = temperature
                day.nightSummary = summary
            }
            day.precipitationChance = maxOptional(day.precipitationChance, chance)
            day.wind = maxOptional(day.wind, wind)
            day.gust = maxOptional(day.gust, gust)
            day.hasSnow = day.hasSnow || WeatherText.mentionsSnow(summary) || WeatherText.mentionsSnow(detailed)
            day.hasThunder = day.hasThunder || WeatherText.mentionsThunder(summary)
            days[date] = day
        }
        return Forecast(
            source: "nws", url: url, timeZone: timeZone, updatedAt: updated, fetchedAt: fetchedAt,
            days: order.compactMap { days[$0] }, elevation: elevation
        )
    }

    /// The forecast point's elevation in metres ("wmoUnit:m"); feet are converted; anything else is unknown.
    static func elevation(_ value: JSONValue?) -> Double? {
        guard let number = value?["value"]?.doubleValue else { return nil }
        let unit = value?["unitCode"]?.stringValue ?? "wmoUnit:m"
        let metres = unit.hasSuffix(":m") ? number : (unit.hasSuffix(":ft") ? number * 0.3048 : Double.nan)
        return ForecastBounds.number(metres, in: ForecastBounds.elevationMetres)
    }

    static func parseTimestamp(_ text: String) -> Date? {
        InternetTimestamp.parse(text)
    }

    private static func maxOptional(_ a: Int?, _ b: Int?) -> Int? {
        switch (a, b) {
        case let (a?, b?): return max(a, b)
        default: return a ?? b
        }
    }
}
