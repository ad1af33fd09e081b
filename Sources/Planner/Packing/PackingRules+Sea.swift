import FoundationEssentials
import Model
import Store
import Tools

extension PackingRules {
    // MARK: - The sea

    /// Activities in the sea whose gear goes by the water's temperature.
    static let seaSuitKits: Set<String> = ["surfing", "scuba diving", "snorkeling", "kayaking"]
    /// Activities by or in the water for which a cold sea is worth a word.
    static let seaSwimKits: Set<String> = ["beach", "swimming"]

    /// Whether the trip's activities want the sea's temperature (the marine API is asked only then).
    public static func asksTheSea(_ activities: [String]) -> Bool {
        ActivityKits.resolve(activities).kits.contains { seaSuitKits.contains($0.name) || seaSwimKits.contains($0.name) }
    }

    /// What a surfer wears in water of `celsius` (the surf shop's table, `WaterWear`): nil from 24 °C.
    static func wetsuit(forSea celsius: Double) -> String? {
        WaterWear.suit(for: .surfing, celsius: celsius)
    }

    /// The sea below which a swim is short without a wetsuit, °C.
    static let coldSea = 18.0

    /// Surfing, diving, snorkelling and kayaking: the suit each activity's own table calls for in this sea
    /// (`WaterWear`: a diver wears 3–5 mm where a surfer wears nothing), one suit for diving and snorkelling
    /// (the diver's does both), or, in a sea warm for all of them, a rash guard; kayaking only when a capsize
    /// would be cold. Cited: "Sea about 24°C from Sat Jun 10: an hour at depth chills even in warm seas".
    @Sendable static func seaGear(_ context: PackingContext) -> [PackingItem] {
        if context.sea == nil, !context.stopSeas.isEmpty {
            // A trip of several stops: each stop's water days by its own sea; one line per suit, the first stop's reason.
            var items: [PackingItem] = []
            for leg in context.legs {
                for item in seaGear(context.at(leg)) where !items.contains(where: { $0.name == item.name }) { items.append(item) }
            }
            return items
        }
        guard let sea = context.sea else { return [] }
        let activities = Set(ActivityKits.resolve(context.activities).kits.compactMap { WaterWear.Activity.of(kit: $0.name) })
        let reason = WeatherCitation.capitalized(sea.stopReason(units: context.traveller.units))
        // Who goes in: the diver's suit does for snorkelling too; a surfer's is their own.
        let inTheSea = [WaterWear.Activity.diving, .snorkelling, .surfing].filter(activities.contains)
            .filter { !($0 == .snorkelling && activities.contains(.diving)) }
        var items: [PackingItem] = []
        for activity in inTheSea {
            guard let suit = WaterWear.suit(for: activity, celsius: sea.celsius),
                  !items.contains(where: { $0.name == suit }) else { continue }
            items.append(PackingItem(category: "Activity gear", name: suit, reason: reason + ": " + activity.why, weather: true))
        }
        if !inTheSea.isEmpty, items.isEmpty {
            return [PackingItem(category: "Clothing", name: "Rash guard", reason: reason + ": warm enough without a wetsuit", weather: true)]
        }
        if items.isEmpty, activities.contains(.kayaking),
           let suit = WaterWear.suit(for: .kayaking, celsius: sea.celsius, coolestHigh: TripWeather(context).coldestHigh?.value) {
            items.append(PackingItem(category: "Activity gear", name: suit, reason: reason + ": " + WaterWear.Activity.kayaking.why, weather: true))
        }
        return items
    }

    /// A beach or swimming trip by a cold sea: said once, as a notice (nobody packs a wetsuit for a dip).
    static func coldSeaNotice(_ context: PackingContext) -> String? {
        if context.sea == nil, !context.stopSeas.isEmpty {
            return context.legs.lazy.compactMap { coldSeaNotice(context.at($0)) }.first
        }
        guard let sea = context.sea, sea.celsius < coldSea else { return nil }
        let kits = Set(ActivityKits.resolve(context.activities).kits.map(\.name))
        guard !kits.isDisjoint(with: seaSwimKits), kits.isDisjoint(with: seaSuitKits) else { return nil }
        let place = context.placeName.map { " off \($0)" } ?? ""
        return "The sea\(place) is about \(context.traveller.units.temperature(Int(checkedRounding: sea.celsius * 9 / 5 + 32) ?? 0))"
            + (sea.isLastYear ? " (these dates last year)" : "") + ": bracing; a short swim, or a wetsuit (to rent) for longer."
    }
}
