import FoundationEssentials
import Model
import Store
import Tools

/// How a reason names the weather that put an item on the list: one day and one figure of its forecast,
/// in the traveller's units ("low of -3°C Thu Dec 3"). Every weather-driven reason is built here, so a
/// day's provenance (a forecast, or the usual weather of the place) is said the same way everywhere.
public struct WeatherCitation: Sendable {
    /// A figure of a day's forecast.
    public enum Figure: Sendable, Equatable {
        case high, low, highAndLow, chance, gust, wind, uvIndex, snowfall, summary
    }

    public var units: MeasurementUnits

    public init(units: MeasurementUnits) {
        self.units = units
    }

    /// "low of 27°F Thu Dec 3"; `lead` goes first ("Freezing nights: low of 27°F Thu Dec 3").
    public func reason(_ figure: Figure, of day: ForecastDay, lead: String? = nil) -> String {
        let said = describe(figure, of: day)
        let text = said.isEmpty ? day.date.shortLabel : "\(said) \(day.date.shortLabel)"
        // A climate day is said as the usual of that date, whatever the rule's lead, so nobody takes it for a
        // forecast; capitalised, as every reason is ("Usual for Dec 26 in Miami: …").
        if day.isClimate, let climate = day.climate { return Self.capitalized(usual(figure, of: day, climate)) }
        guard let lead, !lead.isEmpty else { return Self.capitalized(text) }
        return "\(lead): \(text)"
    }

    /// The figure alone ("low of 27°F", "80% chance of rain", "gusts to 47 mph").
    public func describe(_ figure: Figure, of day: ForecastDay) -> String {
        switch figure {
        case .high: return day.high.map { "high of \(units.temperature($0))" } ?? describe(.summary, of: day)
        case .low: return day.low.map { "low of \(units.temperature($0))" } ?? describe(.summary, of: day)
        case .highAndLow:
            switch (day.high, day.low) {
            case let (high?, low?): return "\(units.temperature(high)) by day, \(units.temperature(low)) at night"
            case (_?, nil): return describe(.high, of: day)
            case (nil, _?): return describe(.low, of: day)
            default: return describe(.summary, of: day)
            }
        case .chance:
            guard let chance = day.precipitationChance else { return describe(.summary, of: day) }
            return "\(chance)% chance of \(day.hasSnow ? "snow" : "rain")"
        case .gust:
            if let gust = day.gust { return "gusts to \(units.speedText(gust))" }
            return describe(.wind, of: day)
        case .wind: return day.wind.map { "wind \(units.speedText($0))" } ?? describe(.summary, of: day)
        case .uvIndex:
            guard let uv = day.uvIndex, uv.isFinite else { return describe(.high, of: day) }
            return "UV index \(Int(checkedRounding: uv) ?? 0)"
        case .snowfall:
            let words = [day.summary, day.nightSummary ?? ""].first(where: WeatherText.isSnowy) ?? "snow"
            if let chance = day.precipitationChance { return "\(words.lowercased()) (\(chance)%)" }
            if let snowfall = day.snowfall, snowfall.isFinite, snowfall > 0 {
                return "\(words.lowercased()) (\(units.snowText(centimetres: snowfall)))"
            }
            if let high = day.high { return "\(words.lowercased()), \(units.temperature(high))" }
            return words.lowercased()
        case .summary:
            let sky = day.summary.isEmpty ? "forecast" : day.summary.lowercased()
            return day.high.map { "\(sky), \(units.temperature($0))" } ?? sky
        }
    }

    /// A climate day said as the usual, not a forecast: "usual for Jan 3 in Zermatt: lows around -8°C,
    /// 1 night in 10 below -15°C".
    func usual(_ figure: Figure, of day: ForecastDay, _ climate: DayClimate) -> String {
        let highs = day.high.map { "highs around \(units.temperature($0))" }
        let lows = day.low.map { "lows around \(units.temperature($0))" }
        let parts: [String?]
        switch figure {
        case .low: parts = [lows, climate.coldNight.map { "1 night in 10 below \(units.temperature($0))" }]
        case .high: parts = [highs, climate.hotDay.map { "1 day in 10 above \(units.temperature($0))" }]
        case .uvIndex:
            let uv = day.uvIndex.flatMap { $0.isFinite ? Int(checkedRounding: $0) : nil }
            parts = [uv.map { "UV about \($0) at noon" }, highs]
        case .highAndLow, .summary: parts = [highs, lows]
        case .chance:
            parts = day.hasSnow || climate.snowShare > climate.wetShare
                ? ["snow on " + DayClimate.daysInTen(climate.snowShare)] : ["rain on " + DayClimate.daysInTen(climate.wetShare)]
        case .snowfall: parts = [highs, "snow on " + DayClimate.daysInTen(climate.snowShare)]
        case .gust, .wind: parts = [day.wind.map { "wind around \(units.speedText($0))" }, day.gust.map { "gusts around \(units.speedText($0))" }]
        }
        let figures = parts.compactMap { $0 }.joined(separator: ", ")
        return day.usualLabel(climate) + ": " + (figures.isEmpty ? "climate \(climate.firstYear)–\(climate.lastYear)" : figures)
    }

    static func capitalized(_ text: String) -> String {
        guard let first = text.first else { return text }
        return first.uppercased() + text.dropFirst()
    }
}

extension WeatherCitation {
    /// The reason for an item a reading put there: the forecast day's figure, or, with no forecast, the
    /// season's usual weather said as such. The flag says whether the forecast drove it.
    public func reason(_ figure: Figure, of reading: TripWeather.Reading?, in weather: TripWeather, lead: String)
        -> (text: String, isForecast: Bool)
    {
        if let day = reading?.day { return (reason(figure, of: day, lead: lead), true) }
        return (seasonal(lead: lead, phrase: weather.seasonPhrase), false)
    }

    /// "Cold nights (usual for December at 46°N; no forecast yet)".
    public func seasonal(lead: String, phrase: String?) -> String {
        guard let phrase else { return lead }
        return "\(lead) (\(phrase); no forecast yet)"
    }
}
