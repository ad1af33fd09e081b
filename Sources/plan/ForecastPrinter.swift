import Foundation
import Interface
import Store
import Tools

/// How a forecast looks on the terminal and in JSON.
enum ForecastPrinter {
    /// "NWS, fetched 12 min ago" (+ "stale: HTTP 500" when the network failed).
    static func provenance(_ report: ForecastReport, now: Date = Date()) -> String {
        var text = "\(report.forecast.sourceName), fetched \(Age.describe(now.timeIntervalSince(report.forecast.fetchedAt)))"
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

    static func lines(_ report: ForecastReport, trip: Trip, console: Console, units: MeasurementUnits = .us) -> [String] {
        var lines = ["  Forecast    " + provenance(report)]
        let chart = ForecastChart(
            days: report.forecast.days(from: trip.start, to: trip.end), start: trip.start, end: trip.end,
            lastForecastDay: report.forecast.lastDate, isUnicode: console.isUTF8, units: units
        )
        lines += chart.lines { style, text in console.paint(text, sgr: style.sgr) }
        let missing = report.forecast.missingDays(from: trip.start, to: trip.end)
        if !missing.isEmpty {
            lines.append("    " + console.warning(horizonNotice(missing: missing, forecast: report.forecast)))
        }
        return lines
    }

    static func horizonNotice(missing: [CalendarDate], forecast: Forecast) -> String {
        let names = missing.count > 4
            ? "\(missing[0].shortLabel) to \(missing[missing.count - 1].shortLabel) (\(missing.count) days)"
            : missing.map(\.shortLabel).joined(separator: ", ")
        guard let last = forecast.lastDate else { return "No forecast for \(names)." }
        if let first = missing.first, first > last, let start = forecast.days.first?.date {
            let lead = start.days(to: last)
            let ready = first.adding(days: -lead)
            let all = missing[missing.count - 1].adding(days: -lead)
            let when = ready == all ? "from \(ready.shortLabel)" : "from \(ready.shortLabel) (all of them from \(all.shortLabel))"
            return "No forecast yet for \(names): it reaches \(last.shortLabel). Run again \(when)."
        }
        return "No forecast for \(names) (the forecast covers \(forecast.days.first?.date.shortLabel ?? "?") to \(last.shortLabel))."
    }

    static func json(_ report: ForecastReport, trip: Trip) -> JSONValue {
        let forecast = report.forecast
        let days = forecast.days(from: trip.start, to: trip.end).map { day -> JSONValue in
            [
                "date": .string(day.date.description), "high": .from(day.high), "low": .from(day.low),
                "precipitationChance": .from(day.precipitationChance), "snow": .bool(day.hasSnow),
                "thunder": .bool(day.hasThunder), "wind": .from(day.wind), "gust": .from(day.gust),
                "uvIndex": .from(day.uvIndex), "summary": .string(day.summary),
                "nightSummary": .from(day.nightSummary),
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
            "missingDays": .array(forecast.missingDays(from: trip.start, to: trip.end).map { .string($0.description) }),
        ]
    }
}
