import FoundationEssentials
import Glibc

/// The sun over a latitude on one calendar day, from the date alone: its declination (NOAA's solar
/// calculator series, after Spencer 1971), how high it stands at noon, how long it is above the horizon
/// (sunrise and sunset at −0.833°, the refraction and the sun's half-width NOAA uses), and a clear-sky UV
/// index from the noon height (`12.5 · cos(zenith)^2.4`, raised about 10 % per 1,000 m). Accurate to a few
/// minutes of daylight outside the polar circles; the polar night and the midnight sun are said as such.
public struct SolarDay: Sendable, Equatable {
    /// What kind of day the sun makes.
    public enum Kind: String, Sendable, Equatable {
        /// The sun does not rise.
        case polarNight
        /// The sun does not set.
        case midnightSun
        /// It rises and sets.
        case ordinary
    }

    /// The calendar day.
    public let date: CalendarDate
    /// Degrees, north positive (clamped to ±90).
    public let latitude: Double
    /// The sun's declination, degrees.
    public let declination: Double

    /// The sun's height at the horizon at sunrise and sunset (refraction and its half-width), degrees.
    public static let horizon = -0.833
    /// Days shorter than this many hours are short enough to say (and to pack a light for).
    public static let shortDayHours = 7.0

    /// The sun on `date` at `latitude` (degrees, north positive; a non-finite one is taken as the equator).
    public init(date: CalendarDate, latitude: Double) {
        self.date = date
        self.latitude = latitude.isFinite ? min(max(latitude, -90), 90) : 0
        let start = CalendarDate(year: date.year, month: 1, day: 1)?.dayNumber ?? date.dayNumber
        let dayOfYear = Double(date.dayNumber - start + 1)
        let gamma = 2 * Double.pi / 365 * (dayOfYear - 1 + 0.5)
        let radians = 0.006918 - 0.399912 * cos(gamma) + 0.070257 * sin(gamma) - 0.006758 * cos(2 * gamma)
            + 0.000907 * sin(2 * gamma) - 0.002697 * cos(3 * gamma) + 0.00148 * sin(3 * gamma)
        declination = radians * 180 / .pi
    }

    /// The sun's height above the horizon at solar noon, degrees (negative: it stays below).
    public var noonElevation: Double { 90 - abs(latitude - declination) }

    /// Hours between sunrise and sunset (0 in the polar night, 24 under the midnight sun).
    public var daylightHours: Double {
        let phi = latitude * .pi / 180
        let delta = declination * .pi / 180
        let denominator = cos(phi) * cos(delta)
        guard abs(denominator) > 1e-9 else { return latitude * declination > 0 ? 24 : 0 }
        let cosine = (sin(Self.horizon * .pi / 180) - sin(phi) * sin(delta)) / denominator
        if cosine >= 1 { return 0 }
        if cosine <= -1 { return 24 }
        return 2 * acos(cosine) * 180 / .pi / 15
    }

    /// Polar night, midnight sun or an ordinary day.
    public var kind: Kind {
        let hours = daylightHours
        if hours <= 0 { return .polarNight }
        if hours >= 24 { return .midnightSun }
        return .ordinary
    }

    /// Whether the day is short enough to say: the sun up for under `shortDayHours` (the polar night too).
    public var isShort: Bool { daylightHours < Self.shortDayHours }

    /// The UV index at noon under a clear sky, at `elevation` metres: 0 when the sun stays low.
    public func clearSkyUV(elevation: Double? = nil) -> Double {
        let height = noonElevation
        guard height > 0 else { return 0 }
        let metres = min(max(elevation ?? 0, 0), 6_000)
        return 12.5 * pow(sin(height * .pi / 180), 2.4) * (1 + 0.1 * metres / 1_000)
    }

    /// "7 h 50 min", "no sunrise (polar night)", "no sunset (midnight sun)".
    public var daylightText: String {
        switch kind {
        case .polarNight: return "no sunrise (polar night)"
        case .midnightSun: return "no sunset (midnight sun)"
        case .ordinary:
            let minutes = Int(checkedRounding: daylightHours * 60) ?? 0
            return "\(minutes / 60) h \(minutes % 60) min of daylight"
        }
    }
}
