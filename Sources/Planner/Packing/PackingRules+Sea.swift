import Foundation
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

    /// What to wear in water of `celsius` (a surf shop's rule of thumb, `../shared/reference/weather-and-places.md`):
    /// nil from 24 °C (a rash guard is enough).
    static func wetsuit(forSea celsius: Double) -> String? {
        switch celsius {
        case 24...: return nil
        case 22..<24: return "Shorty wetsuit, 2 mm (or rent one)"
        case 18..<22: return "Wetsuit, 2–3 mm spring or full suit (or rent one)"
        case 14..<18: return "Full wetsuit, 3/2 mm (or rent one)"
        case 10..<14: return "Wetsuit 4/3 mm and boots (or rent them)"
        default: return "Wetsuit 5/4 mm, boots, gloves and hood (or rent them)"
        }
    }

    /// The sea below which a swim is short without a wetsuit, °C.
    static let coldSea = 18.0

    /// Surfing, diving, snorkelling and kayaking: the wetsuit the sea calls for, or, in a warm sea, a rash
    /// guard and no wetsuit; kayaking only in a cold sea (a capsize). Cited: "Sea about 15°C from Sat Jun 10".
    @Sendable static func seaGear(_ context: PackingContext) -> [PackingItem] {
        guard let sea = context.sea else { return [] }
        let kits = Set(ActivityKits.resolve(context.activities).kits.map(\.name))
        let inTheSea = kits.intersection(seaSuitKits.subtracting(["kayaking"]))
        let reason = WeatherCitation.capitalized(sea.reason(units: context.traveller.units))
        if !inTheSea.isEmpty {
            guard let suit = wetsuit(forSea: sea.celsius) else {
                return [PackingItem(category: "Clothing", name: "Rash guard", reason: reason + ": warm enough without a wetsuit", weather: true)]
            }
            return [PackingItem(category: "Activity gear", name: suit, reason: reason, weather: true)]
        }
        if kits.contains("kayaking"), sea.celsius < 15 {
            return [PackingItem(category: "Activity gear", name: "Wetsuit or drysuit (or rent one)", reason: reason + ": a capsize is cold", weather: true)]
        }
        return []
    }

    /// A beach or swimming trip by a cold sea: said once, as a notice (nobody packs a wetsuit for a dip).
    static func coldSeaNotice(_ context: PackingContext) -> String? {
        guard let sea = context.sea, sea.celsius < coldSea else { return nil }
        let kits = Set(ActivityKits.resolve(context.activities).kits.map(\.name))
        guard !kits.isDisjoint(with: seaSwimKits), kits.isDisjoint(with: seaSuitKits) else { return nil }
        let place = context.placeName.map { " off \($0)" } ?? ""
        return "The sea\(place) is about \(context.traveller.units.temperature(Int(checkedRounding: sea.celsius * 9 / 5 + 32) ?? 0))"
            + (sea.isLastYear ? " (these dates last year)" : "") + ": bracing; a short swim, or a wetsuit (to rent) for longer."
    }
}
