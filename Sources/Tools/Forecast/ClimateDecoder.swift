import FoundationEssentials
import JSON
import LanguageModels
import Model
import Store

/// Reads Open-Meteo's historical archive (`/v1/archive`, ERA5: `daily.time` plus one array per variable)
/// and reduces it to the climate of each trip day: the typical (median) high and low, a cold night and a
/// hot day (10th and 90th percentiles), the share of wet days (≥ 1 mm) and of snow days (≥ 1 cm), and
/// the typical wind and gusts. Every number is range-checked before it counts; a day with fewer than
/// `minimumSamples` usable samples gets no climate.
enum ClimateDecoder {
    static let variables = [
        "temperature_2m_max", "temperature_2m_min", "precipitation_sum", "snowfall_sum",
        "wind_speed_10m_max", "wind_gusts_10m_max", "sunshine_duration", "daylight_duration",
    ]
    /// Fewer samples than this (of about 70) say too little about a date.
    static let minimumSamples = 20
    /// A wet day: at least this much precipitation, mm.
    static let wetMM = 1.0
    /// A snow day: at least this much snowfall, cm.
    static let snowCM = 1.0
    /// A climate day counts as snowy (for the snow rules and the chart) from this share of snow days.
    static let snowyShare = 0.3

    /// One archive day's readings.
    struct Sample: Equatable {
        var high: Double?
        var low: Double?
        var precipitation: Double?
        var snowfall: Double?
        var wind: Double?
        var gust: Double?
        /// Seconds of sunshine and of daylight (ERA5), for the share of the day the sun shone.
        var sunshine: Double? = nil
        var daylight: Double? = nil

        /// The share of the daylight the sun shone (0...1), when both are there.
        var sunshineShare: Double? {
            guard let sunshine, let daylight, daylight >= 600 else { return nil }
            return min(max(sunshine / daylight, 0), 1)
        }
    }

    /// Whether the bytes are an archive answer with daily data (what is stored always decodes).
    static func isArchive(_ data: Data) -> Bool {
        (try? samples(from: data)) != nil
    }

    /// The archive's days by date, and its elevation.
    static func samples(from data: Data) throws -> (days: [CalendarDate: Sample], elevation: Double?) {
        guard let document = try? JSONValue.parse(data), let daily = document["daily"],
              let times = daily["time"]?.arrayValue
        else { throw ServiceError.malformed(service: "Open-Meteo archive", detail: "the answer has no daily data") }
        func number(_ name: String, _ index: Int) -> Double? {
            guard let values = daily[name]?.arrayValue, index < values.count else { return nil }
            return values[index].doubleValue
        }
        var days: [CalendarDate: Sample] = [:]
        days.reserveCapacity(times.count)
        for (index, time) in times.enumerated() {
            guard let text = time.stringValue, let date = CalendarDate(text) else { continue }
            days[date] = Sample(
                high: ForecastBounds.number(number("temperature_2m_max", index), in: ForecastBounds.fahrenheit),
                low: ForecastBounds.number(number("temperature_2m_min", index), in: ForecastBounds.fahrenheit),
                precipitation: ForecastBounds.number(number("precipitation_sum", index), in: ForecastBounds.precipitationMM),
                snowfall: ForecastBounds.number(number("snowfall_sum", index), in: ForecastBounds.snowfallCM),
                wind: ForecastBounds.number(number("wind_speed_10m_max", index), in: ForecastBounds.windMPH),
                gust: ForecastBounds.number(number("wind_gusts_10m_max", index), in: ForecastBounds.windMPH),
                sunshine: ForecastBounds.number(number("sunshine_duration", index), in: 0...86_400),
                daylight: ForecastBounds.number(number("daylight_duration", index), in: 0...86_400)
            )
        }
        let elevation = ForecastBounds.number(document["elevation"]?.doubleValue, in: ForecastBounds.elevationMetres)
        return (days, elevation)
    }

    /// The climate of each of the window's days at `place` ("Zermatt"), as a forecast of climate days.
    static func forecast(
        from data: Data, window: ClimateWindow, place: String, url: String, timeZone: String, fetchedAt: Date,
        latitude: Double? = nil
    ) throws -> Forecast {
        let (samples, elevation) = try samples(from: data)
        let days = window.days.compactMap { day in
            var reduced = reduce(window.samples(for: day).compactMap { samples[$0] }, day: day, years: window.years(for: day), place: place)
            if let latitude, let climate = reduced?.climate {
                let sunshine = percentile(window.samples(for: day).compactMap { samples[$0]?.sunshineShare }.sorted(), 0.5)
                reduced?.uvIndex = usualUV(day: day, latitude: latitude, elevation: elevation, sunshineShare: sunshine, wetShare: climate.wetShare)
            }
            return reduced
        }
        guard !days.isEmpty else {
            throw ServiceError.malformed(service: "Open-Meteo archive", detail: "the answer has too few days for the trip's dates")
        }
        return Forecast(
            source: DaySource.climate.rawValue, url: url, timeZone: timeZone, updatedAt: nil, fetchedAt: fetchedAt,
            days: days, elevation: elevation
        )
    }

    /// One day's climate from its samples, or nil with too few of them.
    static func reduce(_ samples: [Sample], day: CalendarDate, years: (first: Int, last: Int), place: String) -> ForecastDay? {
        let highs = samples.compactMap(\.high).sorted()
        let lows = samples.compactMap(\.low).sorted()
        let precipitation = samples.compactMap(\.precipitation)
        let snowfall = samples.compactMap(\.snowfall)
        guard highs.count >= minimumSamples, lows.count >= minimumSamples, precipitation.count >= minimumSamples else {
            return nil
        }
        let wetShare = Double(precipitation.filter { $0 >= wetMM }.count) / Double(precipitation.count)
        let snowShare = snowfall.isEmpty ? 0 : Double(snowfall.filter { $0 >= snowCM }.count) / Double(snowfall.count)
        let winds = samples.compactMap(\.wind).sorted()
        let gusts = samples.compactMap(\.gust).sorted()
        let meanSnow = snowfall.isEmpty ? nil : snowfall.reduce(0, +) / Double(snowfall.count)
        let summary = wetShare < 0.15 ? "Usually dry" : wetShare >= 0.5 ? "Often wet" : "Sometimes wet"
        return ForecastDay(
            date: day,
            high: whole(percentile(highs, 0.5)), low: whole(percentile(lows, 0.5)),
            precipitationChance: Int(checkedRounding: wetShare * 100),
            precipitation: precipitation.reduce(0, +) / Double(precipitation.count),
            snowfall: meanSnow.map { ($0 * 10).rounded() / 10 },
            hasSnow: snowShare >= snowyShare, hasThunder: false,
            wind: whole(percentile(winds, 0.5)), gust: whole(percentile(gusts, 0.5)),
            summary: summary, source: .climate,
            climate: DayClimate(
                place: place, firstYear: years.first, lastYear: years.last, samples: samples.count,
                coldNight: whole(percentile(lows, 0.1)), hotDay: whole(percentile(highs, 0.9)),
                wetShare: wetShare, snowShare: snowShare
            )
        )
    }

    /// A climate day's usual noon UV index: the clear-sky index from the sun's noon height at the latitude
    /// and date (`SolarDay.clearSkyUV`, with the place's elevation), cut by the sky: with the archive's
    /// sunshine, `0.35 + 0.65 × the median share of daylight the sun shone` (an overcast sky lets through
    /// about a third); without it, by the share of wet days (`1 − 0.5 × wetShare`). One decimal.
    static func usualUV(day: CalendarDate, latitude: Double, elevation: Double?, sunshineShare: Double?, wetShare: Double) -> Double {
        let clear = SolarDay(date: day, latitude: latitude).clearSkyUV(elevation: elevation)
        let sky = sunshineShare.map { 0.35 + 0.65 * min(max($0, 0), 1) } ?? (1 - 0.5 * min(max(wetShare, 0), 1))
        return (clear * sky * 10).rounded() / 10
    }

    /// The `fraction` percentile of sorted values, interpolated between neighbours; nil when empty.
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double? {
        guard let first = sorted.first else { return nil }
        guard sorted.count > 1 else { return first }
        let position = min(max(fraction, 0), 1) * Double(sorted.count - 1)
        let below = Int(checked: position.rounded(.down), in: 0...(sorted.count - 1)) ?? 0
        let above = min(below + 1, sorted.count - 1)
        return sorted[below] + (sorted[above] - sorted[below]) * (position - Double(below))
    }

    private static func whole(_ value: Double?) -> Int? {
        ForecastBounds.whole(value, in: ForecastBounds.fahrenheit.lowerBound...ForecastBounds.windMPH.upperBound)
    }
}
