import FoundationEssentials
import Model
import Store

/// A forecast as the HTTP cache keeps it beside the service's document:
///
///     forecast 4 <source> <url> <timeZone> <updatedAt|\N> <fetchedAt> <elevation>   (times: seconds since 2001,
///                                                                       as `Date` keeps them, so they read back exactly)
///     day <date as days since 1970-01-01> <high> <low> <precipitationChance> <precipitation> <snowfall> <hasSnow> <hasThunder>
///         <wind> <gust> <uvIndex> <summary> <nightSummary|\N> <source|\N>
///     climate <place> <firstYear> <lastYear> <samples> <coldNight> <hotDay> <wetShare> <snowShare>   (the day above's)
///     alert <event> <headline> <severity> <onset> <ends> <summary>
///     alerts-unread <reason>                      (only when the alerts were asked and could not be read)
///     sea <celsius> <from> <to> <lastYear>         (days since 1970-01-01; only when the sea was read)
///     stop-sea <stop> <celsius> <from> <to> <lastYear>   (a trip of several stops' joined forecast: each stop's sea)
///
/// one `day` line per day, fields separated by tabs (see `CompactRecord`). Bump the version (the `4`)
/// whenever the fields change: older records are then decoded again from the document.
extension Forecast: CompactRecord {
    public var record: String {
        var lines = [
            ["forecast", "4", Self.field(source), Self.field(url), Self.field(timeZone),
             updatedAt.map { $0.timeIntervalSinceReferenceDate.description } ?? "\\N",
             fetchedAt.timeIntervalSinceReferenceDate.description, Self.field(elevation)].joined(separator: "\t"),
        ]
        for day in days {
            lines.append([
                "day", String(day.date.dayNumber), Self.field(day.high), Self.field(day.low),
                Self.field(day.precipitationChance), Self.field(day.precipitation), Self.field(day.snowfall),
                Self.field(day.hasSnow), Self.field(day.hasThunder), Self.field(day.wind), Self.field(day.gust),
                Self.field(day.uvIndex), Self.field(day.summary), Self.field(day.nightSummary),
                Self.field(day.source?.rawValue),
            ].joined(separator: "\t"))
            if let climate = day.climate {
                lines.append([
                    "climate", Self.field(climate.place), String(climate.firstYear), String(climate.lastYear),
                    String(climate.samples), Self.field(climate.coldNight), Self.field(climate.hotDay),
                    Self.field(climate.wetShare), Self.field(climate.snowShare),
                ].joined(separator: "\t"))
            }
        }
        for alert in alerts {
            lines.append(Self.alertLine(alert))
        }
        if let alertsUnavailable {
            lines.append(["alerts-unread", Self.field(alertsUnavailable)].joined(separator: "\t"))
        }
        if let sea {
            lines.append(["sea", Self.field(sea.celsius), String(sea.from.dayNumber), String(sea.to.dayNumber), Self.field(sea.isLastYear)]
                .joined(separator: "\t"))
        }
        for sea in stopSeas {
            lines.append(["stop-sea", Self.field(sea.stop ?? ""), Self.field(sea.celsius), String(sea.from.dayNumber),
                          String(sea.to.dayNumber), Self.field(sea.isLastYear)].joined(separator: "\t"))
        }
        return lines.joined(separator: "\n")
    }

    public init?(record: String) {
        let record = RecordFields(record)
        guard let header = record.lines.first, header.count == 8,
              record.isField(header[0], "forecast"), record.isField(header[1], "4"),
              let source = record.text(header[2]), let url = record.text(header[3]),
              let timeZone = record.text(header[4]), let fetchedAt = record.double(header[6]),
              let elevation = record.optionalDouble(header[7])
        else { return nil }
        var updatedAt: Date?
        if !record.isField(header[5], "\\N") {
            guard let seconds = record.double(header[5]) else { return nil }
            updatedAt = Date(timeIntervalSinceReferenceDate: seconds)
        }
        var days: [ForecastDay] = []
        var alerts: [WeatherAlert] = []
        var unread: String?
        var sea: SeaTemperature?
        var stopSeas: [SeaTemperature] = []
        days.reserveCapacity(record.lines.count - 1)
        for fields in record.lines.dropFirst() {
            guard let kind = fields.first else { return nil }
            if record.isField(kind, "day") {
                guard let day = Self.day(fields, record) else { return nil }
                days.append(day)
            } else if record.isField(kind, "climate") {
                guard !days.isEmpty, let climate = Self.climate(fields, record) else { return nil }
                days[days.count - 1].climate = climate
            } else if record.isField(kind, "alert") {
                guard let alert = Self.alert(fields, record) else { return nil }
                alerts.append(alert)
            } else if record.isField(kind, "alerts-unread") {
                guard fields.count == 2, let reason = record.text(fields[1]) else { return nil }
                unread = reason
            } else if record.isField(kind, "sea") {
                guard let read = Self.sea(fields, record) else { return nil }
                sea = read
            } else if record.isField(kind, "stop-sea") {
                guard fields.count == 6, let stop = record.text(fields[1]), var read = Self.sea(Array(fields.dropFirst()), record) else { return nil }
                read.stop = stop
                stopSeas.append(read)
            } else {
                return nil
            }
        }
        self.init(
            source: source, url: url, timeZone: timeZone, updatedAt: updatedAt,
            fetchedAt: Date(timeIntervalSinceReferenceDate: fetchedAt), days: days, alerts: alerts, elevation: elevation
        )
        alertsUnavailable = unread
        self.sea = sea
        self.stopSeas = stopSeas
    }

    private static func sea(_ fields: [RecordFields.Field], _ record: RecordFields) -> SeaTemperature? {
        guard fields.count == 5, let celsius = record.optionalDouble(fields[1]) ?? nil, (-2...40).contains(celsius),
              let from = record.int(fields[2]), let to = record.int(fields[3]),
              (-719_162...2_932_896).contains(from), (-719_162...2_932_896).contains(to), let lastYear = record.flag(fields[4])
        else { return nil }
        return SeaTemperature(celsius: celsius, from: CalendarDate(dayNumber: from), to: CalendarDate(dayNumber: to), isLastYear: lastYear)
    }

    private static func day(_ fields: [RecordFields.Field], _ record: RecordFields) -> ForecastDay? {
        guard fields.count == 15, let dayNumber = record.int(fields[1]),
              (-719_162...2_932_896).contains(dayNumber),
              let high = record.optionalInt(fields[2]), let low = record.optionalInt(fields[3]),
              let chance = record.optionalInt(fields[4]), let precipitation = record.optionalDouble(fields[5]),
              let snowfall = record.optionalDouble(fields[6]), let hasSnow = record.flag(fields[7]),
              let hasThunder = record.flag(fields[8]), let wind = record.optionalInt(fields[9]),
              let gust = record.optionalInt(fields[10]), let uvIndex = record.optionalDouble(fields[11]),
              let summary = record.text(fields[12]), let nightSummary = record.optionalText(fields[13]),
              let sourceText = record.optionalText(fields[14])
        else { return nil }
        var source: DaySource?
        if let sourceText {
            guard let known = DaySource(rawValue: sourceText) else { return nil }
            source = known
        }
        return ForecastDay(
            date: CalendarDate(dayNumber: dayNumber), high: high, low: low, precipitationChance: chance,
            precipitation: precipitation, snowfall: snowfall, hasSnow: hasSnow, hasThunder: hasThunder,
            wind: wind, gust: gust, uvIndex: uvIndex, summary: summary, nightSummary: nightSummary, source: source
        )
    }

    private static func climate(_ fields: [RecordFields.Field], _ record: RecordFields) -> DayClimate? {
        guard fields.count == 9, let place = record.text(fields[1]), let firstYear = record.int(fields[2]),
              let lastYear = record.int(fields[3]), let samples = record.int(fields[4]),
              let coldNight = record.optionalInt(fields[5]), let hotDay = record.optionalInt(fields[6]),
              let wetShare = record.double(fields[7]), let snowShare = record.double(fields[8]),
              (0...1).contains(wetShare), (0...1).contains(snowShare)
        else { return nil }
        return DayClimate(
            place: place, firstYear: firstYear, lastYear: lastYear, samples: samples, coldNight: coldNight,
            hotDay: hotDay, wetShare: wetShare, snowShare: snowShare
        )
    }

    /// One `alert` line; `AlertList` keeps the same lines.
    static func alertLine(_ alert: WeatherAlert) -> String {
        [
            "alert", field(alert.event), field(alert.headline), field(alert.severity),
            field(alert.onset?.timeIntervalSinceReferenceDate), field(alert.ends?.timeIntervalSinceReferenceDate),
            field(alert.summary),
        ].joined(separator: "\t")
    }

    /// One `alert` line read back; nil when it is not one.
    static func alert(_ fields: [RecordFields.Field], _ record: RecordFields) -> WeatherAlert? {
        guard fields.count == 7, let event = record.text(fields[1]), let headline = record.text(fields[2]),
              let severity = record.text(fields[3]), let onset = record.optionalDouble(fields[4]),
              let ends = record.optionalDouble(fields[5]), let summary = record.text(fields[6])
        else { return nil }
        return WeatherAlert(
            event: event, headline: headline, severity: severity,
            onset: onset.map { Date(timeIntervalSinceReferenceDate: $0) },
            ends: ends.map { Date(timeIntervalSinceReferenceDate: $0) }, summary: summary
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
