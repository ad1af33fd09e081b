import Foundation
import Tools

extension PackingRules {
    // MARK: - Alerts

    /// Items the alerts in force call for: traction and a car kit for winter storms, water for heat (a wind
    /// alert is a notice: the clothing system already chose the outer layer for the forecast's gusts).
    @Sendable static func alertGear(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        for alert in context.alerts.prefix(3) {
            let reason = alertReason(alert, context: context)
            if alert.isWinter {
                items.append(forecastItem("Footwear", "Traction devices (microspikes or chains)", reason))
                items.append(forecastItem("Rain & weather", "Car emergency kit (scraper, blanket, shovel)", reason))
            }
            if alert.isHeat {
                items.append(forecastItem("Health", "Reusable water bottle", reason + "; drink often"))
            }
        }
        return items
    }

    /// "Winter Storm Warning from Thu Dec 3": the first trip day the alert is in force (at its stop, on a
    /// trip of several: "… from Thu Dec 3 in Denver"), so the reason names a day, and a place, as weather
    /// reasons do; "… in force over the trip" when no trip day can be told.
    static func alertReason(_ alert: WeatherAlert, context: PackingContext) -> String {
        let zone = (alert.stop?.timeZone ?? context.timeZone).flatMap(TimeZone.init(identifier:)) ?? TimeZone(secondsFromGMT: 0) ?? .current
        let first = max(context.start, alert.stop?.start ?? context.start)
        let last = min(context.end, alert.stop?.end ?? context.end)
        let days = first <= last ? (0...first.days(to: last)).map { first.adding(days: $0) } : []
        guard let day = days.first(where: { alert.overlaps(from: $0, to: $0, timeZone: zone) }) else {
            return "\(alert.event) in force over the trip" + (alert.stop.map { " in \($0.name)" } ?? "")
        }
        return "\(alert.event) from \(day.shortLabel)" + (alert.stop.map { " in \($0.name)" } ?? "")
    }
}
