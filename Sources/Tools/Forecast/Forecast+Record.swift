import Foundation
import Store

/// A forecast as the HTTP cache keeps it beside the service's document:
///
///     forecast 2 <source> <url> <timeZone> <updatedAt|\N> <fetchedAt>     (times: seconds since 2001, as
///                                                                       `Date` keeps them, so they read back exactly)
///     day <date as days since 1970-01-01> <high> <low> <precipitationChance> <precipitation> <snowfall> <hasSnow> <hasThunder>
///         <wind> <gust> <uvIndex> <summary> <nightSummary|\N>
///
///     elevation <metres>                                                (optional, after the header)
///
/// one `day` line per day, fields separated by tabs (see `CompactRecord`). Bump the version (the `2`)
/// whenever the fields change: older records are then decoded again from the document.
extension Forecast: CompactRecord {
    public var record: String {
        var lines = [
            ["forecast", "2", Self.field(source), Self.field(url), Self.field(timeZone),
             updatedAt.map { $0.timeIntervalSinceReferenceDate.description } ?? "\\N",
             fetchedAt.timeIntervalSinceReferenceDate.description].joined(separator: "\t"),
        ]
        if let elevation { lines.append(["elevation", Self.field(elevation)].joined(separator: "\t")) }
        for day in days {
            lines.append([
                "day", String(day.date.dayNumber), Self.field(day.high), Self.field(day.low),
                Self.field(day.precipitationChance), Self.field(day.precipitation), Self.field(day.snowfall),
                Self.field(day.hasSnow), Self.field(day.hasThunder), Self.field(day.wind), Self.field(day.gust),
                Self.field(day.uvIndex), Self.field(day.summary), Self.field(day.nightSummary),
            ].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n")
    }

    public init?(record: String) {
        let record = RecordFields(record)
        guard let header = record.lines.first, header.count == 7,
              record.isField(header[0], "forecast"), record.isField(header[1], "2"),
              let source = record.text(header[2]), let url = record.text(header[3]),
              let timeZone = record.text(header[4]), let fetchedAt = record.double(header[6])
        else { return nil }
        var updatedAt: Date?
        if !record.isField(header[5], "\\N") {
            guard let seconds = record.double(header[5]) else { return nil }
            updatedAt = Date(timeIntervalSinceReferenceDate: seconds)
        }
        var days: [ForecastDay] = []
        days.reserveCapacity(record.lines.count - 1)
        var elevation: Double?
        for fields in record.lines.dropFirst() {
            if fields.count == 2, record.isField(fields[0], "elevation") {
                guard let metres = record.optionalDouble(fields[1]) else { return nil }
                elevation = metres
                continue
            }
            guard fields.count == 14, record.isField(fields[0], "day"), let dayNumber = record.int(fields[1]),
                  (-719_162...2_932_896).contains(dayNumber),
                  let high = record.optionalInt(fields[2]), let low = record.optionalInt(fields[3]),
                  let chance = record.optionalInt(fields[4]), let precipitation = record.optionalDouble(fields[5]),
                  let snowfall = record.optionalDouble(fields[6]), let hasSnow = record.flag(fields[7]),
                  let hasThunder = record.flag(fields[8]), let wind = record.optionalInt(fields[9]),
                  let gust = record.optionalInt(fields[10]), let uvIndex = record.optionalDouble(fields[11]),
                  let summary = record.text(fields[12]), let nightSummary = record.optionalText(fields[13])
            else { return nil }
            days.append(ForecastDay(
                date: CalendarDate(dayNumber: dayNumber), high: high, low: low, precipitationChance: chance,
                precipitation: precipitation, snowfall: snowfall, hasSnow: hasSnow, hasThunder: hasThunder,
                wind: wind, gust: gust, uvIndex: uvIndex, summary: summary, nightSummary: nightSummary
            ))
        }
        self.init(
            source: source, url: url, timeZone: timeZone, updatedAt: updatedAt,
            fetchedAt: Date(timeIntervalSinceReferenceDate: fetchedAt), days: days, elevation: elevation
        )
    }
}

/// An NWS `/points` answer as the cache keeps it: `point 1 <forecastURL> <timeZone|\N>`.
extension NWSForecastDecoder.Point: CompactRecord {
    var record: String {
        ["point", "1", Self.field(forecastURL.absoluteString), Self.field(timeZone)].joined(separator: "\t")
    }

    init?(record: String) {
        let record = RecordFields(record)
        guard record.lines.count == 1, let fields = record.lines.first, fields.count == 4,
              record.isField(fields[0], "point"), record.isField(fields[1], "1"),
              let text = record.text(fields[2]), let url = URL(string: text),
              let timeZone = record.optionalText(fields[3])
        else { return nil }
        self.init(forecastURL: url, timeZone: timeZone)
    }
}
