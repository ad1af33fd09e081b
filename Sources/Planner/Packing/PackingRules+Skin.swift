import FoundationEssentials
import Model
import Tools

extension PackingRules {
    // MARK: - Lips and skin

    /// A UV index at which lips burn in an hour outdoors (WHO's scale: 8–10 very high, 11+ extreme).
    static let lipBurnUV = 11.0
    /// Very high UV (WHO) that, in dry air, chaps and burns lips.
    static let dryLipUV = 8.0

    /// Lips and skin by dryness, UV and altitude: lip balm with SPF under extreme UV, or very high UV in
    /// dry air (a high desert at UV 14); moisturiser in desert air. Altitude's own lip balm is `altitude`'s.
    @Sendable static func lipsAndSkin(_ context: PackingContext) -> [PackingItem] {
        let cite = WeatherCitation(units: context.traveller.units)
        let arid = isArid(context)
        var items: [PackingItem] = []
        let strongest = context.days.filter { ($0.uvIndex ?? 0).isFinite }.max { ($0.uvIndex ?? 0) < ($1.uvIndex ?? 0) }
        if let day = strongest, let uv = day.uvIndex, uv >= lipBurnUV || (uv >= dryLipUV && (arid || (context.elevation ?? 0) >= 1_500)) {
            let lead = arid ? "Strong sun and dry air chap lips" : "Strong sun burns lips too"
            items.append(forecastItem("Toiletries", "Lip balm with SPF", cite.reason(.uvIndex, of: day, lead: lead)))
        }
        if arid, let hottest = TripWeather(context).hottestHigh, let day = hottest.day, hottest.value >= 75 {
            let driest = context.days.compactMap(\.precipitationChance).max() ?? 0
            let reason = cite.reason(.high, of: day, lead: "Dry desert air (no day over \(driest)% chance of rain)")
            items.append(forecastItem("Toiletries", "Moisturiser", reason.count <= maximumReason ? reason : cite.reason(.high, of: day, lead: "Dry desert air")))
            if !items.contains(where: { $0.name == "Lip balm with SPF" }) {
                items.append(forecastItem("Toiletries", "Lip balm with SPF", cite.reason(.high, of: day, lead: "Dry desert air chaps lips")))
            }
        }
        return items
    }
}
