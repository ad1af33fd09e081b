import Foundation
import Store

/// A forecast, normalized from NWS or Open-Meteo to one day per row (temperatures in °F, wind in mph).
public struct Forecast: Codable, Sendable, Equatable {
    /// `nws` or `open-meteo`.
    public var source: String
    /// The URL the forecast came from.
    public var url: String
    /// The place's IANA time zone.
    public var timeZone: String
    /// When the service last updated it (NWS `updateTime`), if it says.
    public var updatedAt: Date?
    /// When plan fetched it from the service.
    public var fetchedAt: Date
    public var days: [ForecastDay]
    /// The forecast point's elevation, metres (NWS `elevation`, Open-Meteo `elevation`), when the service says.
    public var elevation: Double?

    public init(
        source: String, url: String, timeZone: String, updatedAt: Date?, fetchedAt: Date, days: [ForecastDay],
        elevation: Double? = nil
    ) {
        self.source = source
        self.url = url
        self.timeZone = timeZone
        self.updatedAt = updatedAt
        self.fetchedAt = fetchedAt
        self.days = days
        self.elevation = elevation
    }

    /// "NWS" or "Open-Meteo".
    public var sourceName: String { source == "nws" ? "NWS" : "Open-Meteo" }

    /// The last day the forecast covers.
    public var lastDate: CalendarDate? { days.map(\.date).max() }

    /// The forecast's days within `first...last`.
    public func days(from first: CalendarDate, to last: CalendarDate) -> [ForecastDay] {
        days.filter { $0.date >= first && $0.date <= last }
    }

    /// The days of `first...last` the forecast does not reach.
    public func missingDays(from first: CalendarDate, to last: CalendarDate) -> [CalendarDate] {
        let covered = Set(days.map(\.date))
        return (0...max(0, first.days(to: last))).map { first.adding(days: $0) }.filter { !covered.contains($0) }
    }

    /// JSON text, for pinning to a trip.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }

    /// Reads a pinned forecast back.
    public static func fromJSON(_ text: String) throws -> Forecast {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return try decoder.decode(Forecast.self, from: Data(utf8: text))
    }
}

/// One local calendar day of a forecast.
public struct ForecastDay: Codable, Sendable, Equatable {
    public var date: CalendarDate
    /// Daytime high, °F.
    public var high: Int?
    /// Overnight low, °F (the night that follows this day).
    public var low: Int?
    /// Highest chance of precipitation over the day and night, percent.
    public var precipitationChance: Int?
    /// Expected precipitation, mm (Open-Meteo only).
    public var precipitation: Double?
    /// Expected snowfall, cm (Open-Meteo only).
    public var snowfall: Double?
    public var hasSnow: Bool
    public var hasThunder: Bool
    /// Strongest sustained wind, mph.
    public var wind: Int?
    /// Strongest gust, mph.
    public var gust: Int?
    /// UV index maximum (Open-Meteo only).
    public var uvIndex: Double?
    /// The daytime short forecast ("Snow Showers Likely").
    public var summary: String
    /// The night's short forecast, when different.
    public var nightSummary: String?

    public init(
        date: CalendarDate, high: Int? = nil, low: Int? = nil, precipitationChance: Int? = nil,
        precipitation: Double? = nil, snowfall: Double? = nil, hasSnow: Bool = false, hasThunder: Bool = false,
        wind: Int? = nil, gust: Int? = nil, uvIndex: Double? = nil, summary: String, nightSummary: String? = nil
    ) {
        self.date = date
        self.high = high
        self.low = low
        self.precipitationChance = precipitationChance
        self.precipitation = precipitation
        self.snowfall = snowfall
        self.hasSnow = hasSnow
        self.hasThunder = hasThunder
        self.wind = wind
        self.gust = gust
        self.uvIndex = uvIndex
        self.summary = summary
        self.nightSummary = nightSummary
    }

    /// The compact line the model sees: "Thu Dec 3: 34/18°F, Snow Showers Likely, 80% precip, wind 15 mph, gusts 35".
    public var compactLine: String {
        var parts: [String] = []
        switch (high, low) {
        case let (high?, low?): parts.append("\(high)/\(low)°F")
        case let (high?, nil): parts.append("high \(high)°F")
        case let (nil, low?): parts.append("low \(low)°F")
        default: break
        }
        var sky = summary
        if let night = nightSummary, !night.isEmpty, night != summary {
            sky += sky.isEmpty ? "night \(night)" : "; night \(night)"
        }
        if !sky.isEmpty { parts.append(sky) }
        if let chance = precipitationChance { parts.append("\(chance)% precip") }
        if let snowfall, snowfall > 0 { parts.append("snow " + FixedDecimal.text(snowfall, places: 0) + " cm") }
        if let wind { parts.append("wind \(wind) mph") }
        if let gust { parts.append("gusts \(gust)") }
        if let uvIndex, uvIndex >= 3 { parts.append("UV " + FixedDecimal.text(uvIndex, places: 0)) }
        return "\(date.shortLabel): " + parts.joined(separator: ", ")
    }
}
