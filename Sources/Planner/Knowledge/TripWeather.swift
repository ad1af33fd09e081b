import FoundationEssentials
import Model
import Store
import Tools

/// The trip's weather as the rules read it: the days that set each decision (the coldest night, the
/// hottest day, the wettest…), or, with no forecast for any day, the usual weather of the season at that
/// latitude (said as such, never as a forecast).
public struct TripWeather: Sendable {
    /// A figure (°F, %, mph) and the forecast day it comes from (nil when it is the season's usual).
    public struct Reading: Sendable {
        public var value: Int
        public var day: ForecastDay?
    }

    public var coldestLow: Reading?
    public var coldestHigh: Reading?
    public var hottestHigh: Reading?
    /// The highest chance of rain on a day without snow.
    public var wettest: Reading?
    /// Days with a 60% chance of rain or more.
    public var rainyDays: Int
    /// The first snowy day (a chance of 40% or more, or snowfall).
    public var snowDay: ForecastDay?
    /// The day of the strongest wind or gust, when it is 35 mph gusting or 25 mph sustained.
    public var windyDay: ForecastDay?
    /// A day with a 30% chance of rain or more and gusts of 30 mph or more: no umbrella survives it.
    public var gustyWetDay: ForecastDay?
    /// The day with the strongest sun (UV 6+, clear and 70 °F+, or 85 °F+).
    public var sunniestDay: ForecastDay?
    /// The day with the widest swing between day and a night under 60 °F, when it is 25 °F or more.
    public var widestSpread: ForecastDay?
    public var thunderDay: ForecastDay?
    /// Whether the readings are the season's usual rather than a forecast.
    public var isSeasonal: Bool
    /// "usual for December at 46°N" when seasonal.
    public var seasonPhrase: String?

    /// Gusts at which an umbrella turns inside out.
    public static let umbrellaGustLimit = 30

    public init(_ context: PackingContext) {
        let days = context.days
        func extreme(_ value: (ForecastDay) -> Int?, lowest: Bool) -> Reading? {
            let readings = days.compactMap { day in value(day).map { Reading(value: $0, day: day) } }
            return lowest ? readings.min { $0.value < $1.value } : readings.max { $0.value < $1.value }
        }
        coldestLow = extreme(\.low, lowest: true)
        coldestHigh = extreme(\.high, lowest: true)
        hottestHigh = extreme(\.high, lowest: false)
        let rainable = days.filter { !$0.hasSnow && ($0.high ?? 50) > 36 }
        wettest = rainable.compactMap { day in day.precipitationChance.map { Reading(value: $0, day: day) } }.max { $0.value < $1.value }
        rainyDays = rainable.filter { ($0.precipitationChance ?? 0) >= 60 }.count
        snowDay = days.first { $0.hasSnow && (($0.precipitationChance ?? 50) >= 40 || ($0.snowfall ?? 0) > 0) }
        windyDay = days.filter { ($0.gust ?? 0) >= 35 || ($0.wind ?? 0) >= 25 }
            .max { max($0.gust ?? 0, $0.wind ?? 0) < max($1.gust ?? 0, $1.wind ?? 0) }
        gustyWetDay = days.filter { ($0.precipitationChance ?? 0) >= 30 && ($0.gust ?? 0) >= Self.umbrellaGustLimit }
            .max { ($0.gust ?? 0) < ($1.gust ?? 0) }
        sunniestDay = days.filter { day in
            let sky = day.summary.lowercased()
            let clear = ["sunny", "clear", "fair"].contains { sky.contains($0) } && !WeatherText.isSnowy(sky)
                && !sky.contains("shower") && !sky.contains("thunder") && !sky.contains("rain")
            return (clear && (day.high ?? 0) >= 70) || (day.uvIndex ?? 0) >= 6 || ((day.high ?? 0) >= 85 && (day.precipitationChance ?? 0) < 60)
        }.max { ($0.uvIndex ?? Double($0.high ?? 0) / 15) < ($1.uvIndex ?? Double($1.high ?? 0) / 15) }
        widestSpread = days.filter { day in
            guard let high = day.high, let low = day.low else { return false }
            return low < 60 && high - low >= 25
        }.max { (($0.high ?? 0) - ($0.low ?? 0)) < (($1.high ?? 0) - ($1.low ?? 0)) }
        thunderDay = days.first(where: \.hasThunder)
        isSeasonal = days.isEmpty
        if days.isEmpty {
            // The hemisphere's own season by latitude, lowered by the elevation when plan knows it.
            let latitude = context.latitude ?? 40
            let guess = SeasonGuess(latitude: latitude, month: context.start.month, elevation: context.elevation)
            let season = Self.season(latitude: latitude, month: context.start.month)
            coldestLow = Reading(value: guess.low, day: nil)
            coldestHigh = Reading(value: guess.high - 8, day: nil)
            hottestHigh = Reading(value: guess.high, day: nil)
            wettest = Reading(value: season.rain, day: nil)
            let height = context.elevation.map { $0 >= 1_000 ? " and \(context.traveller.units.heightText(metres: $0))" : "" } ?? ""
            seasonPhrase = "usual for \(PackingRules.monthName(context.start.month)) at \(Int(checkedRounding: abs(latitude)) ?? 0)°\(latitude >= 0 ? "N" : "S")\(height)"
        }
    }

    /// A rough usual band (°F) and rain chance for a month at a latitude: the tropics are hot all year;
    /// elsewhere winter, summer and the seasons between, colder towards the poles.
    static func season(latitude: Double, month: Int) -> (low: Int, high: Int, rain: Int) {
        let northern = latitude >= 0
        let winter = northern ? [12, 1, 2].contains(month) : [6, 7, 8].contains(month)
        let summer = northern ? [6, 7, 8].contains(month) : [12, 1, 2].contains(month)
        let polar = abs(latitude) >= 55
        let temperate = abs(latitude) >= 35
        if abs(latitude) < 23.5 { return (72, 88, 40) }
        if winter { return polar ? (15, 30, 40) : temperate ? (26, 42, 40) : (42, 60, 30) }
        if summer { return polar ? (48, 64, 40) : temperate ? (58, 80, 30) : (68, 90, 20) }
        return polar ? (34, 48, 40) : temperate ? (42, 62, 40) : (55, 75, 30)
    }

    /// Whether the trip sees a high of at least `degrees` °F.
    func isHot(_ degrees: Int = 85) -> Bool { (hottestHigh?.value ?? 65) >= degrees }
    /// Whether a night drops under `degrees` °F.
    func isCold(_ degrees: Int = 40) -> Bool { (coldestLow?.value ?? 50) < degrees }
    /// Whether some day has at least this chance of rain.
    func isWet(_ percent: Int = 50) -> Bool { (wettest?.value ?? 0) >= percent }
}
