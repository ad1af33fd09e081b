import FoundationEssentials
import JSON
import LanguageModels
import Model
import Store

/// Reads Open-Meteo's daily forecast (`daily.time` plus one array per variable) into the same model as NWS.
enum OpenMeteoForecastDecoder {
    static let variables = [
        "temperature_2m_max", "temperature_2m_min", "precipitation_probability_max", "precipitation_sum",
        "snowfall_sum", "weather_code", "wind_speed_10m_max", "wind_gusts_10m_max", "uv_index_max",
    ]

    /// Whether the bytes decode as a forecast (what is stored always decodes).
    static func isForecast(_ data: Data) -> Bool {
        (try? forecast(from: data, url: "", fallbackTimeZone: "UTC", fetchedAt: Date(timeIntervalSince1970: 0))) != nil
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
            // Every number is range-checked before conversion: out of range, the field is unknown.
            let code = ForecastBounds.code(number("weather_code", index))
            let snowfall = ForecastBounds.number(number("snowfall_sum", index), in: ForecastBounds.snowfallCM)
            days.append(ForecastDay(
                date: date,
                high: ForecastBounds.whole(number("temperature_2m_max", index), in: ForecastBounds.fahrenheit),
                low: ForecastBounds.whole(number("temperature_2m_min", index), in: ForecastBounds.fahrenheit),
                precipitationChance: ForecastBounds.whole(
                    number("precipitation_probability_max", index), in: ForecastBounds.percent
                ),
                precipitation: ForecastBounds.number(number("precipitation_sum", index), in: ForecastBounds.precipitationMM),
                snowfall: snowfall,
                hasSnow: (snowfall ?? 0) > 0 || code.map(WeatherText.wmoIsSnow) == true,
                hasThunder: code.map(WeatherText.wmoIsThunder) == true,
                wind: ForecastBounds.whole(number("wind_speed_10m_max", index), in: ForecastBounds.windMPH),
                gust: ForecastBounds.whole(number("wind_gusts_10m_max", index), in: ForecastBounds.windMPH),
                uvIndex: ForecastBounds.number(number("uv_index_max", index), in: ForecastBounds.uvIndex),
                summary: code.map(WeatherText.wmoSummary) ?? "", source: .openMeteo
            ))
        }
        let timeZone = document["timezone"]?.stringValue.flatMap { $0 == "GMT" ? nil : $0 } ?? fallbackTimeZone
        return Forecast(
            source: "open-meteo", url: url, timeZone: timeZone, updatedAt: nil, fetchedAt: fetchedAt, days: days,
            elevation: ForecastBounds.number(document["elevation"]?.doubleValue, in: ForecastBounds.elevationMetres)
        )
    }
}
