import Foundation
import Tools

extension PackingRules {
    // MARK: - Alerts

    /// Items the alerts in force call for: traction and a car kit for winter storms, water for heat (a wind
    /// alert is a notice: the clothing system already chose the outer layer for the forecast's gusts).
    @Sendable static func alertGear(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        for alert in context.alerts.prefix(3) {
            let reason = "\(alert.event) in force over the trip"
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
}
