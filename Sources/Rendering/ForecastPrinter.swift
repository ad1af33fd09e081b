import FoundationEssentials
import Basics
import JSON
import Model

/// How a forecast looks on the terminal and in JSON.
public enum ForecastPrinter {
    /// "NWS, fetched 12 min ago" (+ "stale: HTTP 500" when the network failed). With dates, only the sources
    /// that gave one of those days are named ("none for these days" when none did).
    public static func provenance(
        _ report: ForecastReport, from first: CalendarDate? = nil, to last: CalendarDate? = nil, now: Date = Date()
    ) -> String {
        var source = report.forecast.sourceName
        if let first, let last { source = report.forecast.sourceName(from: first, to: last) ?? "none for these days" }
        var text = "\(source), fetched \(Age.describe(now.timeIntervalSince(report.forecast.fetchedAt)))"
        switch report.origin {
        case .cached: text += " (cached)"
        case .live: break
        case .revalidated: text += " (revalidated just now)"
        case .pinned: text += " (pinned to the trip)"
        case .offline: text += " (offline; cached copy)"
        case let .stale(_, reason): text += " (stale copy: the service failed with \(reason))"
        }
        if let note = report.note, report.origin != .pinned { text += "; \(note)" }
        return text
    }

    /// The forecast block of `show`: provenance, alerts, the chart, and notices of days the forecast does not reach.
    public static func lines(_ report: ForecastReport, trip: Trip, console: any TextStyling, units: MeasurementUnits = .us) -> [String] {
        var lines = ["  Forecast    " + provenance(report, from: trip.start, to: trip.end)]
        let forecast = report.forecast
        let zone = forecast.timeZone
        for alert in forecast.alerts {
            lines.append("    " + console.warning("⚠ " + alert.notice(timeZone: zone)))
        }
        let chart = ForecastChart(
            days: forecast.days(from: trip.start, to: trip.end), start: trip.start, end: trip.end,
            lastForecastDay: forecast.lastForecastDate, isUnicode: console.isUTF8, units: units,
            latitude: trip.hasStops ? nil : trip.place?.latitude
        )
        lines += chart.lines { style, text in console.paint(text, sgr: style.sgr) }
        if let sea = forecast.sea {
            lines.append("    Sea: " + sea.reason(units: units).dropFirst(4) + " (Open-Meteo marine)")
        }
        if let notice = ForecastReach.notice(for: forecast, from: trip.start, to: trip.end) {
            lines.append("    " + console.warning(notice))
        }
        let missing = forecast.missingDays(from: trip.start, to: trip.end)
        if !missing.isEmpty {
            let issued = CalendarDate(forecast.fetchedAt, in: ZoneRules(identifier: zone))
            lines.append("    " + console.warning(ForecastReach.missingNotice(missing, issued: issued)))
        }
        return lines
    }

    /// The forecast of `show --json`: source, age, each trip day with its source and climate figures, alerts, notices.
    public static func json(_ report: ForecastReport, trip: Trip) -> JSONValue {
        let forecast = report.forecast
        let days = forecast.days(from: trip.start, to: trip.end).map { day -> JSONValue in
            [
                "date": .string(day.date.description), "high": .from(day.high), "low": .from(day.low),
                "precipitationChance": .from(day.precipitationChance), "snow": .bool(day.hasSnow),
                "thunder": .bool(day.hasThunder), "wind": .from(day.wind), "gust": .from(day.gust),
                "uvIndex": .from(day.uvIndex), "summary": .string(day.summary),
                "daylightHours": trip.place.map { .number((SolarDay(date: day.date, latitude: $0.latitude).daylightHours * 10).rounded() / 10) } ?? .null,
                "nightSummary": .from(day.nightSummary),
                "source": .string((day.source ?? DaySource(rawValue: forecast.source) ?? .openMeteo).rawValue),
                "climate": day.climate.map(climateJSON) ?? .null,
            ]
        }
        let alerts = forecast.alerts.map { alert -> JSONValue in
            [
                "event": .string(alert.event), "headline": .string(alert.headline), "severity": .string(alert.severity),
                "onset": alert.onset.map { .string(Timestamp.iso8601($0)) } ?? .null,
                "ends": alert.ends.map { .string(Timestamp.iso8601($0)) } ?? .null,
                "summary": .string(alert.summary),
            ]
        }
        let stale = report.origin.isStale
        return [
            "source": .string(forecast.source),
            "url": .string(forecast.url),
            "fetched": .string(Timestamp.iso8601(forecast.fetchedAt)),
            "ageSeconds": .number(max(0, Date().timeIntervalSince(forecast.fetchedAt)).rounded()),
            "stale": .bool(stale),
            "days": .array(days),
            "alerts": .array(alerts),
            "notice": ForecastReach.notice(for: forecast, from: trip.start, to: trip.end).map(JSONValue.string) ?? .null,
            "sea": forecast.sea.map { sea -> JSONValue in
                ["celsius": .number(sea.celsius), "from": .string(sea.from.description), "to": .string(sea.to.description),
                 "lastYear": .bool(sea.isLastYear)]
            } ?? .null,
            "missingDays": .array(forecast.missingDays(from: trip.start, to: trip.end).map { .string($0.description) }),
        ]
    }

    /// A climate day's figures: the years, the 10th–90th percentile night and day, wet and snow shares.
    public static func climateJSON(_ climate: DayClimate) -> JSONValue {
        [
            "firstYear": .number(Double(climate.firstYear)), "lastYear": .number(Double(climate.lastYear)),
            "samples": .number(Double(climate.samples)), "coldNight": .from(climate.coldNight),
            "hotDay": .from(climate.hotDay), "wetShare": .number((climate.wetShare * 100).rounded() / 100),
            "snowShare": .number((climate.snowShare * 100).rounded() / 100),
        ]
    }
}
