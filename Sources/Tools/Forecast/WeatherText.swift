import FoundationEssentials

/// Reading the words and numbers services use for weather.
public enum WeatherText {
    /// The largest number in a wind text ("5 to 15 mph" → 15), converted to mph when given in km/h.
    static func windMPH(_ text: String?) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        let numbers = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }  // parses text
        guard let largest = numbers.max() else { return nil }
        let mph = text.lowercased().contains("km") ? Double(largest) / 1.609 : Double(largest)
        return ForecastBounds.whole(mph, in: ForecastBounds.windMPH)
    }

    /// Whether a forecast text speaks of snow, sleet or ice.
    public static func isSnowy(_ text: String) -> Bool { mentionsSnow(text) }

    static func mentionsSnow(_ text: String) -> Bool {
        let lower = text.lowercased()
        return ["snow", "flurries", "blizzard", "sleet", "wintry", "ice pellets", "freezing rain"]
            .contains { lower.contains($0) }
    }

    static func mentionsThunder(_ text: String) -> Bool {
        let lower = text.lowercased()
        return lower.contains("thunder") || lower.contains("t-storm") || lower.contains("tstorm")
    }

    /// Words for a WMO weather code, as Open-Meteo reports them.
    static func wmoSummary(_ code: Int) -> String {
        switch code {
        case 0: return "Clear"
        case 1: return "Mainly Clear"
        case 2: return "Partly Cloudy"
        case 3: return "Overcast"
        case 45, 48: return "Fog"
        case 51, 53, 55: return "Drizzle"
        case 56, 57: return "Freezing Drizzle"
        case 61: return "Light Rain"
        case 63: return "Rain"
        case 65: return "Heavy Rain"
        case 66, 67: return "Freezing Rain"
        case 71: return "Light Snow"
        case 73: return "Snow"
        case 75: return "Heavy Snow"
        case 77: return "Snow Grains"
        case 80, 81: return "Rain Showers"
        case 82: return "Heavy Rain Showers"
        case 85, 86: return "Snow Showers"
        case 95: return "Thunderstorms"
        case 96, 99: return "Thunderstorms With Hail"
        default: return "Code \(code)"
        }
    }

    static func wmoIsSnow(_ code: Int) -> Bool { (71...77).contains(code) || code == 85 || code == 86 }
    static func wmoIsThunder(_ code: Int) -> Bool { (95...99).contains(code) }
}
