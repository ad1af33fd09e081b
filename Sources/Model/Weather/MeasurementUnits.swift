import FoundationEssentials

/// The units a traveller reads: `us` (°F, mph, inches, feet) or `metric` (°C, km/h, cm, metres). Forecasts
/// are kept in °F and mph; these only say them.
public enum MeasurementUnits: String, Sendable, Codable, CaseIterable {
    case us
    case metric

    /// The countries that use °F day to day (the US and its territories, Liberia, Myanmar, a few islands).
    public static let fahrenheitCountries: Set<String> = [
        "US", "PR", "GU", "VI", "AS", "MP", "UM", "LR", "MM", "BS", "BZ", "KY", "PW", "FM", "MH",
    ]

    /// The units of someone living in `country` (ISO 3166 alpha-2).
    public static func forHome(_ country: String) -> MeasurementUnits {
        fahrenheitCountries.contains(country.uppercased()) ? .us : .metric
    }

    /// "°F" or "°C".
    public var degreeSymbol: String { self == .us ? "°F" : "°C" }

    /// A temperature given in °F, in these units, rounded.
    public func degrees(fromFahrenheit fahrenheit: Int) -> Int {
        switch self {
        case .us: return fahrenheit
        case .metric: return Int(checkedRounding: (Double(fahrenheit) - 32) * 5 / 9) ?? 0
        }
    }

    /// "27°F" or "-3°C".
    public func temperature(_ fahrenheit: Int) -> String {
        "\(degrees(fromFahrenheit: fahrenheit))\(degreeSymbol)"
    }

    /// A speed given in mph, in these units, rounded.
    public func speed(fromMPH mph: Int) -> Int {
        self == .us ? mph : Int(checkedRounding: Double(mph) * 1.609_344) ?? 0
    }

    /// "30 mph" or "48 km/h".
    public func speedText(_ mph: Int) -> String {
        "\(speed(fromMPH: mph)) \(self == .us ? "mph" : "km/h")"
    }

    /// "3,400 m" or "11,155 ft" for a height in metres.
    public func heightText(metres: Double) -> String {
        let value = self == .us ? metres / 0.3048 : metres
        let whole = Int(checkedRounding: max(-100_000, min(100_000, value))) ?? 0
        return "\(Self.grouped(whole)) \(self == .us ? "ft" : "m")"
    }

    /// A threshold's height in round numbers: "2,500 m" or "8,200 ft" (to the nearest 100), never "8,202 ft".
    public func roundHeightText(metres: Double) -> String {
        let value = self == .us ? metres / 0.3048 : metres
        let hundreds = Int(checkedRounding: max(-1_000, min(1_000, value / 100))) ?? 0
        return "\(Self.grouped(hundreds * 100)) \(self == .us ? "ft" : "m")"
    }

    /// "12 cm" or "5 in" for snowfall in centimetres.
    public func snowText(centimetres: Double) -> String {
        let value = self == .us ? centimetres / 2.54 : centimetres
        let whole = Int(checkedRounding: max(0, min(10_000, value))) ?? 0
        return "\(whole) \(self == .us ? "in" : "cm")"
    }

    /// 11155 → "11,155".
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var out = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(character)
        }
        return (value < 0 ? "-" : "") + out
    }
}
