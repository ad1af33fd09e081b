import FoundationEssentials
import Model

extension ForecastDay {
    /// The one place a day is described in a reason. A forecast day: the rule's `figure` and the day
    /// ("Low of 20°F Wed Dec 3"). A climate day: what the climate of that date says of `aspect`, saying it
    /// is the usual, not a forecast ("usual for Jan 3 in Zermatt: highs around 27°F, snow on 4 days in 10").
    public func reason(_ figure: String, _ aspect: WeatherAspect) -> String {
        guard isClimate, let climate else { return "\(figure) \(date.shortLabel)" }
        return usualLabel(climate) + ": " + climateFigures(aspect, climate)
    }

    /// "usual for Jan 3 in Zermatt".
    public func usualLabel(_ climate: DayClimate) -> String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let place = climate.place.count > 24 ? String(climate.place.prefix(23)) + "…" : climate.place
        return "usual for \(months[date.month - 1]) \(date.day)" + (place.isEmpty ? "" : " in \(place)")
    }

    private func climateFigures(_ aspect: WeatherAspect, _ climate: DayClimate) -> String {
        let highs = high.map { "highs around \($0)°F" }
        let lows = low.map { "lows around \($0)°F" }
        var parts: [String?]
        switch aspect {
        case .cold: parts = [lows, climate.coldNight.map { "1 night in 10 below \($0)°F" }]
        case .cool: parts = [highs]
        case .sun: parts = [uvIndex.flatMap { $0.isFinite ? Int(checkedRounding: $0) : nil }.map { "UV about \($0) at noon" }, highs]
        case .heat: parts = [highs, climate.hotDay.map { "1 day in 10 above \($0)°F" }]
        case .spread: parts = [highs, lows]
        case .rain: parts = ["rain on " + DayClimate.daysInTen(climate.wetShare)]
        case .snow: parts = [highs, "snow on " + DayClimate.daysInTen(climate.snowShare)]
        case .wind: parts = [wind.map { "wind around \($0) mph" }, gust.map { "gusts around \($0) mph" }]
        }
        let text = parts.compactMap { $0 }.joined(separator: ", ")
        return text.isEmpty ? "climate \(climate.firstYear)–\(climate.lastYear)" : text
    }
}
