import FoundationEssentials
import Model
import Store
import Tools

/// A trip of several stops, as the packing rules see it: each stop's forecast for the days spent there,
/// combined into one forecast for the whole trip (so quantities count every day, and gear answers every
/// stop's weather), with each day knowing its stop so a reason can name it ("Snow (80%) Thu Dec 3 in Denver").
/// The rules themselves are unchanged: this is the boundary where stops become days.
public struct StopForecasts: Sendable {
    /// The whole trip's forecast, nil when no stop has one.
    public var forecast: Forecast?
    /// The stop each trip day is spent at (its name: "Denver").
    public var stops: [CalendarDate: String]

    /// Combines each leg's forecast (nil: none could be had for that stop). Leg `i` gives its days from
    /// its start up to the day before it ends (that night belongs to the next stop); the first also gives
    /// the days before the trip, the last every day from its start, so the forecast's reach is kept.
    public init(_ legs: [(leg: TripLeg, forecast: Forecast?)]) {
        var days: [ForecastDay] = []
        var stops: [CalendarDate: String] = [:]
        for (index, entry) in legs.enumerated() {
            let isFirst = index == 0
            let isLast = index == legs.count - 1
            for date in entry.leg.ownDays(isLast: isLast) { stops[date] = entry.leg.name }
            guard let forecast = entry.forecast else { continue }
            days += forecast.days.filter { day in
                (isFirst || day.date >= entry.leg.start) && (isLast || day.date < entry.leg.end)
            }
        }
        self.stops = stops
        let available = legs.compactMap(\.forecast)
        // Each stop's alerts in force over that stop's own days (not the trip's: a warning that ends before the
        // traveller arrives is not that stop's weather), tagged with the stop when there are several, so a
        // notice and an item's reason say where ("Winter Storm Warning in Denver").
        let alerts = legs.flatMap { entry in
            let kept = entry.forecast.map { StopDates.keepingAlerts($0, from: entry.leg.start, to: entry.leg.end).alerts } ?? []
            return kept.map { alert in
                var alert = alert
                if legs.count > 1 {
                    alert.stop = WeatherAlert.Stop(
                        name: entry.leg.name, start: entry.leg.start, end: entry.leg.end, timeZone: entry.forecast?.timeZone
                    )
                }
                return alert
            }
        }
        guard let first = available.first else {
            forecast = nil
            return
        }
        var combined = Forecast(
            source: first.source, url: first.url, timeZone: first.timeZone, updatedAt: nil,
            fetchedAt: available.map(\.fetchedAt).min() ?? first.fetchedAt, days: days.sorted { $0.date < $1.date },
            // The highest stop's elevation, for altitude.
            alerts: alerts, elevation: available.compactMap(\.elevation).max()
        )
        // A stop whose alerts could not be read is said, with the stop ("for Denver: HTTP 500").
        let unread = legs.compactMap { entry in entry.forecast?.alertsUnavailable.map { "for \(entry.leg.name): \($0)" } }
        combined.alertsUnavailable = unread.isEmpty ? nil : unread.joined(separator: "; ")
        // Each stop's sea, for that stop's water days (one sea for the whole trip would be no stop's).
        let seas = legs.compactMap { entry -> SeaTemperature? in
            guard var sea = entry.forecast?.sea else { return nil }
            sea.stop = entry.leg.name
            return sea
        }
        if legs.count > 1 { combined.stopSeas = seas } else { combined.sea = seas.first }
        forecast = combined
    }

    /// The list with every weather reason naming the stop of the day it cites: "Low of 12°F Thu Dec 3"
    /// becomes "Low of 12°F Thu Dec 3 in Denver".
    public func citingStops(_ list: PackingList) -> PackingList {
        var list = list
        list.items = list.items.map { item in
            guard item.weather else { return item }
            var item = item
            item.reason = cite(item.reason)
            return item
        }
        return list
    }

    /// A reason with " in <stop>" after each trip day it names (a whole label: "Thu Dec 3", not inside "Thu Dec 31").
    /// Built in one pass over the reason as written: the text put in is never read again, and a stop already
    /// cited (" in Denver") is copied as it is, so a stop whose name holds day labels cannot make it grow.
    public func cite(_ reason: String) -> String {
        let labels = stops.map { (label: $0.key.shortLabel, stop: $0.value) }.sorted { $0.label.count > $1.label.count }
        let cited = Set(stops.values).map { " in " + $0 }.sorted { $0.count > $1.count }
        var text = ""
        var index = reason.startIndex
        while index < reason.endIndex {
            let rest = reason[index...]
            if let already = cited.first(where: { rest.hasPrefix($0) }) {
                text += already
                index = reason.index(index, offsetBy: already.count)
            } else if let match = labels.first(where: { rest.hasPrefix($0.label) }) {
                let after = reason.index(index, offsetBy: match.label.count)
                let next = reason[after...]
                text += match.label
                if !(next.first?.isNumber ?? false) && !next.hasPrefix(" in ") { text += " in \(match.stop)" }
                index = after
            } else {
                text.append(reason[index])
                index = reason.index(after: index)
            }
        }
        return text
    }
}
