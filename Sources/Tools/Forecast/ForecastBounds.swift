import FoundationEssentials
import Model
import Store

/// The ranges a weather service's numbers must fall in before plan converts them. A value outside
/// (1e308, −9.3e18, NaN) makes that field unknown; it never reaches an `Int(_:)` that would trap.
enum ForecastBounds {
    /// Temperatures, °F (the records are −128.6 and 134.1).
    static let fahrenheit: ClosedRange<Double> = -150...150
    static let percent: ClosedRange<Double> = 0...100
    /// Wind and gusts, mph.
    static let windMPH: ClosedRange<Double> = 0...300
    /// Daily precipitation, mm.
    static let precipitationMM: ClosedRange<Double> = 0...2_000
    /// Daily snowfall, cm.
    static let snowfallCM: ClosedRange<Double> = 0...1_000
    static let uvIndex: ClosedRange<Double> = 0...30
    /// Elevation, metres (the Dead Sea shore to Everest's summit, with room).
    static let elevationMetres: ClosedRange<Double> = -500...9_000
    /// WMO weather codes.
    static let weatherCode: ClosedRange<Double> = 0...99

    /// `value` rounded to a whole number when it is finite and within `range`; nil otherwise.
    static func whole(_ value: Double?, in range: ClosedRange<Double>) -> Int? {
        guard let value = number(value, in: range) else { return nil }
        return Int(checkedRounding: value)
    }

    /// `value` when it is finite and within `range`; nil otherwise.
    static func number(_ value: Double?, in range: ClosedRange<Double>) -> Double? {
        guard let value, value.isFinite, range.contains(value) else { return nil }
        return value
    }

    /// A WMO code: a whole number from 0 to 99, else nil.
    static func code(_ value: Double?) -> Int? {
        guard let value = number(value, in: weatherCode), value.rounded() == value else { return nil }
        return Int(checked: value)
    }
}
