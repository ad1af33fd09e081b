import Foundation
import Store
import Tools

extension PackingRules {
    // MARK: - Alerts

    /// Items the alerts in force call for: traction and a car kit for winter storms, water for heat, a
    /// shell for wind.
    @Sendable static func alertGear(_ context: PackingContext) -> [PackingItem] {
        var items: [PackingItem] = []
        for alert in context.alerts.prefix(3) {
            let reason = "\(alert.event) in force over the trip"
            if alert.isWinter {
                items.append(weather("Footwear", "Traction devices (microspikes or chains)", reason))
                items.append(weather("Rain & weather", "Car winter kit (scraper, blanket, shovel)", reason))
            }
            if alert.isHeat {
                items.append(weather("Health", "Reusable water bottle", reason + "; drink often"))
            }
            if alert.isWind {
                items.append(weather("Outerwear", "Windproof shell", reason))
            }
        }
        return items
    }
}
