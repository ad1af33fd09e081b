import FoundationEssentials
import Model
import Tools

/// What an NWS alert is about, for packing: the kit it calls for depends on the hazard, not on the
/// alert's exact wording. The event names are NWS's own (the list at api.weather.gov/alerts/types; the
/// Wind Chill products became Extreme Cold and Cold Weather products in NWS's 2024–25 winter).
public enum AlertHazard: String, Sendable, CaseIterable {
    /// Extreme cold or dangerous wind chill: frostbite on exposed skin in minutes.
    case extremeCold
    /// Cold that calls for care outdoors, not danger (advisories).
    case cold
    /// Snow, ice, blizzards: roads and paths.
    case winterStorm
    /// Heat warnings and advisories.
    case heat
    /// Smoke or poor air.
    case smoke
    /// Blowing dust.
    case dust
    /// Anything else (wind, floods, storms): a notice, nothing to pack beyond the forecast's own kit.
    case other

    /// Event words and the hazard they mean, most specific first (matched in the lowercased event name).
    static let table: [(words: [String], hazard: AlertHazard)] = [
        (["extreme cold", "wind chill warning", "wind chill watch"], .extremeCold),
        (["cold weather advisory", "wind chill advisory", "hard freeze"], .cold),
        (["winter", "snow", "blizzard", "ice storm", "freezing rain", "lake effect", "avalanche"], .winterStorm),
        (["heat"], .heat),
        (["air quality", "smoke"], .smoke),
        (["dust"], .dust),
    ]

    /// The hazard an alert's event names ("Extreme Cold Warning" → `.extremeCold`).
    public init(event: String) {
        let lowered = event.lowercased()
        self = Self.table.first { row in row.words.contains { lowered.contains($0) } }?.hazard ?? .other
    }

    /// Whether it is about the cold (the coldest figures of the trip).
    public var isCold: Bool { self == .extremeCold || self == .cold }
}

extension WeatherAlert {
    /// What the alert is about.
    public var hazard: AlertHazard { AlertHazard(event: event) }
}
