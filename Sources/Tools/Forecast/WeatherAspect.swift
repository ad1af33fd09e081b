import FoundationEssentials
import Model

/// What part of a day's weather a packing rule looked at, so a climate day can cite the right figures
/// (`ForecastDay.reason(_:_:)`).
public enum WeatherAspect: Sendable, CaseIterable {
    /// The night's low.
    case cold
    /// A cool day's high.
    case cool
    /// A hot day's high.
    case heat
    /// The gap between the day's high and the night's low.
    case spread
    /// Rain.
    case rain
    /// Snow.
    case snow
    /// Wind and gusts.
    case wind
    /// Sun.
    case sun
}
