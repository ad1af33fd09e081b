import Foundation
import Store

/// Reads Open-Meteo's daily forecast (`daily.time` plus one array per variable) into the same model as NWS.
enum OpenMeteoForecastDecoder {
    static let variables = [
        "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max", "precipitation_sum",
        "snowfall_sum", "weather_code", "wind_speed_10m_max", "wind_gusts_10m_max", "uv_index_max",
    ]

    static func isForecast(_ data: Data) -> Bool {
        (try? JSONValue.parse(data))?["daily"]?["time"]?.arrayValue != nil
    }

    static func forecast(from data: Data, url: String, fallbackTimeZone: String, fetchedAt: Date) throws -> Forecast {
        guard let document = try? JSONValue.parse(data), let daily = document["daily"],
              let times = daily["time"]?.arrayValue
        else { throw ServiceError.malformed(service: "Open-Meteo", detail: "the forecast has no daily data") }
        func number(_ name: String, _ index: Int) -> Double? {
            guard let values = daily[name]?.arrayValue, index < values.count else { return nil }
            return values[index].doubleValue
        }
        var days: [ForecastDay] = []
        for (index, time) in times.enumerated() {
            guard let text = time.stringValue, let date = CalendarDate(text) else { continue }
            let code = number("weather_code", index).map { Int($0) }
            let snowfall = number("snowfall_sum", index)
            days.append(ForecastDay(
                date: date,
                high: number("temperature_2m_max", index).map { Int($0.rounded()) },
                low: number("temperature_2m_min", index).map { Int($0.rounded()) },
                precipitationChance: number("precipitation_probability_max", index).map { Int($0.rounded()) },
                precipitation: number("precipitation_sum", index),
                snowfall: snowfall,
                hasSnow: (snowfall ?? 0) > 0 || code.map(WeatherText.wmoIsSnow) == true,
                hasThunder: code.map(WeatherText.wmoIsThunder) == true,
                wind: number("wind_speed_10m_max", index).map { Int($0.rounded()) },
                gust: number("wind_gusts_10m_max", index).map { Int($0.rounded()) },
                uvIndex: number("uv_index_max", index),
                summary: code.map(WeatherText.wmoSummary) ?? ""
            ))
        }
        let timeZone = document["timezone"]?.stringValue.flatMap { $0 == "GMT" ? nil : $0 } ?? fallbackTimeZone
        return Forecast(
            source: "open-meteo", url: url, timeZone: timeZone, updatedAt: nil, fetchedAt: fetchedAt, days: days
        )
    }
}
