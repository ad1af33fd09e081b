import FoundationEssentials
import Model
import Tools

extension PackingRules {
    // MARK: - Endurance in the heat

    /// A race in this warmth or more loses salt with the sweat: 75 °F (24 °C) is already hot for a marathon
    /// (race organisers raise their heat flags from about there).
    static let raceHeat = 75
    /// Long days of effort outdoors (a trail, a ride) in this heat or more.
    static let effortHeat = 85
    /// A start line at or above this (°F, the morning's low) is no morning cold: no throwaway layer.
    static let warmStart = 55

    /// Kits of long efforts outdoors, for electrolytes in the heat (a race has its own, lower threshold).
    static let effortKits: Set<String> = ["hiking", "backpacking", "cycling", "running"]

    /// Electrolytes for a race in warmth, or a long effort in heat, or any of them under a heat alert.
    @Sendable static func enduranceGear(_ context: PackingContext) -> [PackingItem] {
        let kits = Set(ActivityKits.resolve(context.activities).kits.map(\.name)).union(context.stopPlans.flatMap(\.activities))
        let racing = kits.contains("race")
        guard racing || !kits.isDisjoint(with: effortKits) else { return [] }
        let weather = TripWeather(context)
        let cite = WeatherCitation(units: context.traveller.units)
        let lead = racing ? "Salt lost in sweat over the race" : "Salt lost in sweat on long days out"
        if let heat = context.alerts.first(where: { $0.hazard == .heat }) {
            return [forecastItem("Health", "Electrolyte tablets or drink mix", fitted(alertReason(heat, context: context, citing: true), lead.lowercased()))]
        }
        guard let hottest = weather.hottestHigh, hottest.value >= (racing ? raceHeat : effortHeat) else { return [] }
        let (reason, isForecast) = cite.reason(.high, of: hottest, in: weather, lead: lead)
        return [PackingItem(category: "Health", name: "Electrolyte tablets or drink mix", reason: reason, weather: isForecast)]
    }

    /// The race's throwaway layer is for a cold start: gone when the morning's low is warm (no "morning cold"
    /// at a 19 °C dawn), and citing the low when it is cold.
    static func startLayerFitted(_ items: [PackingItem], context: PackingContext) -> [PackingItem] {
        guard let index = items.firstIndex(where: { $0.name.hasPrefix("Throwaway layer") }) else { return items }
        let weather = TripWeather(context)
        guard let low = weather.coldestLow else { return items }
        var items = items
        if low.value >= warmStart {
            items.remove(at: index)
            return items
        }
        let cite = WeatherCitation(units: context.traveller.units)
        let (reason, isForecast) = cite.reason(.low, of: low, in: weather, lead: "Waiting at the start in the morning cold")
        if reason.count <= maximumReason {
            items[index].reason = reason
            items[index].weather = isForecast
        }
        return items
    }
}
