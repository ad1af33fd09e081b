import FoundationEssentials

/// A forecast, normalized from NWS or Open-Meteo to one day per row (temperatures in °F, wind in mph).
/// A trip's forecast (`ForecastService.forecast(for:from:to:)`) joins NWS, Open-Meteo and the climate:
/// each day says which (`ForecastDay.source`), and the alerts in force for the trip's days come along.
public struct Forecast: Codable, Sendable, Equatable {
    /// `nws`, `open-meteo` or `climate`: where the first day came from.
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
    /// The alerts in force that overlap the trip's days (NWS, US only).
    public var alerts: [WeatherAlert]
    /// The elevation of the forecast's point or grid cell, metres, when the service said.
    public var elevation: Double?
    /// Why the NWS alerts could not be read for these days ("HTTP 500"), when they were asked and failed:
    /// a warning in force may be missing, and `show` and `pack` both say so.
    public var alertsUnavailable: String?
    /// The sea off the place over the trip's days (Open-Meteo marine), when it was asked and there is a sea.
    public var sea: SeaTemperature?
    /// A trip of several stops: each stop's sea, tagged with the stop (set where the stops' forecasts are
    /// combined; `sea` is then nil).
    public var stopSeas: [SeaTemperature] = []

    public init(
        source: String, url: String, timeZone: String, updatedAt: Date?, fetchedAt: Date, days: [ForecastDay],
        alerts: [WeatherAlert] = [], elevation: Double? = nil
    ) {
        self.source = source
        self.url = url
        self.timeZone = timeZone
        self.updatedAt = updatedAt
        self.fetchedAt = fetchedAt
        self.days = days
        self.alerts = alerts
        self.elevation = elevation
    }

    /// Reads a forecast, also one pinned before days had sources and forecasts had alerts.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(String.self, forKey: .source)
        url = try container.decode(String.self, forKey: .url)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        fetchedAt = try container.decode(Date.self, forKey: .fetchedAt)
        days = try container.decode([ForecastDay].self, forKey: .days)
        alerts = try container.decodeIfPresent([WeatherAlert].self, forKey: .alerts) ?? []
        elevation = try container.decodeIfPresent(Double.self, forKey: .elevation)
        alertsUnavailable = try container.decodeIfPresent(String.self, forKey: .alertsUnavailable)
        sea = try container.decodeIfPresent(SeaTemperature.self, forKey: .sea)
        stopSeas = try container.decodeIfPresent([SeaTemperature].self, forKey: .stopSeas) ?? []
        // A forecast from before days had sources: every day is the forecast's own.
        let own = DaySource(rawValue: source)
        for index in days.indices where days[index].source == nil {
            days[index].source = own
        }
    }

    /// "NWS", "Open-Meteo", "NWS + Open-Meteo + climate": the sources of the days, in order.
    public var sourceName: String {
        let sources = daySources
        guard !sources.isEmpty else { return DaySource(rawValue: source)?.name ?? "Open-Meteo" }
        return sources.map(\.name).joined(separator: " + ")
    }

    /// The sources that gave a day of `first...last`, in order ("Open-Meteo + climate"); nil when none did
    /// (the forecast has days, but none of these).
    public func sourceName(from first: CalendarDate, to last: CalendarDate) -> String? {
        var seen: [DaySource] = []
        for day in days(from: first, to: last) {
            if let source = day.source ?? DaySource(rawValue: source), !seen.contains(source) { seen.append(source) }
        }
        return seen.isEmpty ? nil : seen.map(\.name).joined(separator: " + ")
    }

    /// The distinct sources of the days, in the order they first appear.
    public var daySources: [DaySource] {
        var seen: [DaySource] = []
        for day in days {
            if let source = day.source, !seen.contains(source) { seen.append(source) }
        }
        return seen
    }

    /// The service that answered, as a pinned snapshot records it: `nws`, else `open-meteo` (the
    /// forecast or its historical archive).
    public var provider: String { source == DaySource.nws.rawValue ? "nws" : "open-meteo" }

    /// The days that are the usual climate, not a forecast.
    public var climateDays: [ForecastDay] { days.filter { $0.source == .climate } }

    /// The last day the forecast covers (climate days included).
    public var lastDate: CalendarDate? { days.map(\.date).max() }

    /// The last day a forecast proper covers (not the climate).
    public var lastForecastDate: CalendarDate? { days.filter { $0.source?.isForecast ?? true }.map(\.date).max() }

    /// The forecast's days within `first...last`.
    public func days(from first: CalendarDate, to last: CalendarDate) -> [ForecastDay] {
        days.filter { $0.date >= first && $0.date <= last }
    }

    /// The days of `first...last` the forecast does not reach.
    public func missingDays(from first: CalendarDate, to last: CalendarDate) -> [CalendarDate] {
        Self.missingDays(days, from: first, to: last)
    }

    /// The days of `first...last` that `days` do not cover: every one of them when there are no days. The
    /// one rule the trip's facts, the packing rules and the built-in engine use.
    public static func missingDays(_ days: [ForecastDay], from first: CalendarDate, to last: CalendarDate) -> [CalendarDate] {
        let covered = days.map(\.date)  // an array: a Set<CalendarDate> costs a conformance scan at first use
        return (0...max(0, first.days(to: last))).map { first.adding(days: $0) }.filter { !covered.contains($0) }
    }

    /// How many days the forecast reaches, its first day to its last (7 for a week); nil when it has no days.
    public var horizonDays: Int? {
        guard let first = days.first?.date, let last = lastDate else { return nil }
        return first.days(to: last) + 1
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
        return try decoder.decode(Forecast.self, from: Data(text.utf8))
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
    /// Where the day came from (nil in forecasts pinned before days had sources: the forecast's own).
    public var source: DaySource?
    /// For a climate day, what the climate of that date comes to (`high`/`low` are its typical ones).
    public var climate: DayClimate?

    public init(
        date: CalendarDate, high: Int? = nil, low: Int? = nil, precipitationChance: Int? = nil,
        precipitation: Double? = nil, snowfall: Double? = nil, hasSnow: Bool = false, hasThunder: Bool = false,
        wind: Int? = nil, gust: Int? = nil, uvIndex: Double? = nil, summary: String, nightSummary: String? = nil,
        source: DaySource? = nil, climate: DayClimate? = nil
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
        self.source = source
        self.climate = climate
    }

    /// Whether the day is the usual climate of its date, not a forecast.
    public var isClimate: Bool { source == .climate }

    /// The compact line the model sees: "Thu Dec 3: 34/18°F, Snow Showers Likely, 80% precip, wind 15 mph, gusts 35".
    public var compactLine: String { compactLine(units: .us) }

    /// The compact line in the traveller's units: "Thu Dec 3: 1/-8°C, …, wind 24 km/h, gusts 56" for metric.
    public func compactLine(units: MeasurementUnits) -> String {
        if let climate, isClimate { return climateLine(climate, units: units) }
        let degrees = { (fahrenheit: Int) in units.degrees(fromFahrenheit: fahrenheit) }
        let symbol = units.degreeSymbol
        var parts: [String] = []
        switch (high, low) {
        case let (high?, low?): parts.append("\(degrees(high))/\(degrees(low))\(symbol)")
        case let (high?, nil): parts.append("high \(units.temperature(high))")
        case let (nil, low?): parts.append("low \(units.temperature(low))")
        default: break
        }
        var sky = summary
        if let night = nightSummary, !night.isEmpty, night != summary {
            sky += sky.isEmpty ? "night \(night)" : "; night \(night)"
        }
        if !sky.isEmpty { parts.append(sky) }
        if let chance = precipitationChance { parts.append("\(chance)% precip") }
        if let snowfall, snowfall > 0 { parts.append("snow " + FixedDecimal.text(snowfall, places: 0) + " cm") }
        if let wind { parts.append("wind \(units.speedText(wind))") }
        if let gust { parts.append("gusts \(units.speed(fromMPH: gust))") }
        if let uvIndex, uvIndex >= 3 { parts.append("UV " + FixedDecimal.text(uvIndex, places: 0)) }
        return "\(date.shortLabel): " + parts.joined(separator: ", ")
    }

    /// A climate day for the model: "Sat Jan 3: usual (climate 2015–2024, not a forecast): highs around 27°F,
    /// lows around 12°F (1 night in 10 below 3°F), wet on 4 days in 10, snow on 4 days in 10, wind 12 mph, gusts 30".
    private func climateLine(_ climate: DayClimate, units: MeasurementUnits) -> String {
        var parts: [String] = []
        let degrees = units.temperature
        if let high { parts.append("highs around \(degrees(high))" + (climate.hotDay.map { " (1 day in 10 above \(degrees($0)))" } ?? "")) }
        if let low { parts.append("lows around \(degrees(low))" + (climate.coldNight.map { " (1 night in 10 below \(degrees($0)))" } ?? "")) }
        parts.append("wet on " + DayClimate.daysInTen(climate.wetShare))
        if climate.snowShare > 0 { parts.append("snow on " + DayClimate.daysInTen(climate.snowShare)) }
        if let wind { parts.append("wind \(units.speedText(wind))") }
        if let gust { parts.append("gusts \(units.speed(fromMPH: gust))") }
        if let uvIndex, uvIndex.isFinite, uvIndex >= 3 { parts.append("UV about " + FixedDecimal.text(uvIndex, places: 0)) }
        return "\(date.shortLabel): usual (climate \(climate.firstYear)–\(climate.lastYear), not a forecast): "
            + parts.joined(separator: ", ")
    }
}
