import FoundationEssentials
import Model
import Store

/// What each water activity wears for the water's temperature: a diver an hour at depth, a snorkeller floating
/// still at the surface, a surfer paddling hard and a swimmer for a short dip lose heat at different rates, so
/// one sea calls for a thick suit, a thin one or none. Tables by activity, from the top of each band (°C) down.
///
/// Sources (the figures, not the words): diving, the NAUI insulation guideline as quoted by scubadiverinfo.com
/// ("a dive skin 85 °F and above, a thin wetsuit 75–85 °F, 5–7 mm 55–75 °F, a drysuit 35–55 °F") and Key West
/// Dive Center's "Wetsuits for different temperatures" (0.5–3 mm for 75–85 °F, 4–6 mm for 60–75 °F);
/// snorkelling, snorkel and dive shops' guides (no suit needed above about 24 °C for long sessions, thermal
/// protection under 18 °C); surfing, the surf-shop rule of thumb in `../shared/reference/weather-and-places.md`;
/// kayaking, the paddling "120 rule" (air and water together under 120 °F: dress for a swim, American Canoe
/// Association) and water under 15 °C (60 °F) as cold water.
public enum WaterWear {
    /// The water activities whose wear goes by the water's temperature.
    public enum Activity: String, Sendable, CaseIterable {
        case diving, snorkelling, surfing, kayaking, swimming

        /// The activity a kit is (nil: a kit that does not go in the water this way).
        public static func of(kit name: String) -> Activity? {
            switch name {
            case "scuba diving": return .diving
            case "snorkeling": return .snorkelling
            case "surfing": return .surfing
            case "kayaking": return .kayaking
            case "swimming", "beach": return .swimming
            default: return nil
            }
        }

        /// Why this activity wants that suit, as a reason's tail.
        var why: String {
            switch self {
            case .diving: return "an hour at depth chills even in warm seas"
            case .snorkelling: return "floating still at the surface for long spells"
            case .surfing: return "hours in the water"
            case .kayaking: return "a capsize is cold"
            case .swimming: return "a short swim"
            }
        }
    }

    /// One band of a table: from `celsius` up (to the band above), this suit; nil: no wetsuit, a rash guard does.
    public struct Band: Sendable, Equatable {
        public var celsius: Double
        public var suit: String?
    }

    /// Each activity's bands, warmest first; the last band reaches down to freezing.
    public static func bands(for activity: Activity) -> [Band] {
        switch activity {
        case .diving: return [
            Band(celsius: 29, suit: nil),
            Band(celsius: 26, suit: "Wetsuit, 3 mm (or rent one)"),
            Band(celsius: 22, suit: "Full wetsuit, 3–5 mm (or rent one)"),
            Band(celsius: 16, suit: "Full wetsuit, 5–7 mm, and a hood (or rent them)"),
            Band(celsius: 10, suit: "Wetsuit 7 mm with hood, gloves and boots, or a drysuit (or rent them)"),
            Band(celsius: -5, suit: "Drysuit with undersuit, hood and gloves (or rent them)"),
        ]
        case .snorkelling: return [
            Band(celsius: 25, suit: nil),
            Band(celsius: 22, suit: "Shorty wetsuit, 2 mm (or rent one)"),
            Band(celsius: 18, suit: "Full wetsuit, 3 mm (or rent one)"),
            Band(celsius: 14, suit: "Full wetsuit, 5 mm, and a hood (or rent them)"),
            Band(celsius: -5, suit: "Wetsuit 7 mm with hood, gloves and boots (or rent them)"),
        ]
        case .surfing: return [
            Band(celsius: 24, suit: nil),
            Band(celsius: 22, suit: "Shorty wetsuit, 2 mm (or rent one)"),
            Band(celsius: 18, suit: "Wetsuit, 2–3 mm spring or full suit (or rent one)"),
            Band(celsius: 14, suit: "Full wetsuit, 3/2 mm (or rent one)"),
            Band(celsius: 10, suit: "Wetsuit 4/3 mm and boots (or rent them)"),
            Band(celsius: -5, suit: "Wetsuit 5/4 mm, boots, gloves and hood (or rent them)"),
        ]
        // Paddlers dress for the water only when a capsize would be cold (see `suit(for:celsius:coolestHigh:)`);
        // a swimmer takes a short dip and is told of a cold sea, never sent a wetsuit.
        case .kayaking: return [Band(celsius: -5, suit: "Wetsuit or drysuit (or rent one)")]
        case .swimming: return [Band(celsius: -5, suit: nil)]
        }
    }

    /// Water under this (°C) is cold water for a paddler, whatever the air.
    public static let coldWaterForPaddlers = 15.0
    /// The paddlers' "120 rule": air and water together under this (°F) call for a wetsuit or drysuit.
    public static let paddlersAirAndWater = 120

    /// The suit `activity` wants in water of `celsius` (nil: none, a rash guard is enough). A paddler's suit also
    /// reads the coolest day's high (°F), for the 120 rule.
    public static func suit(for activity: Activity, celsius: Double, coolestHigh: Int? = nil) -> String? {
        if activity == .kayaking {
            let water = Int(checkedRounding: celsius * 9 / 5 + 32) ?? 0
            let cold = celsius < coldWaterForPaddlers || coolestHigh.map { $0 + water < paddlersAirAndWater } == true
            guard cold else { return nil }
        }
        let bands = bands(for: activity)
        guard let band = bands.first(where: { celsius >= $0.celsius }) ?? bands.last else { return nil }
        return band.suit
    }
}
