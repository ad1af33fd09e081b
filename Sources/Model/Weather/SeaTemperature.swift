import FoundationEssentials

/// The sea's surface temperature off a place over a trip's days, from Open-Meteo's marine API: the mean
/// of its hourly values, in °C, for the trip's days (a forecast), or for the same days a year earlier
/// when the trip is past the marine forecast's reach (said as last year's, never as a forecast).
public struct SeaTemperature: Codable, Sendable, Equatable {
    /// Mean sea surface temperature, °C.
    public var celsius: Double
    /// The first and last day the figure stands for (the trip's days; a year earlier for `isLastYear`).
    public var from: CalendarDate
    public var to: CalendarDate
    /// The figure is the same dates last year, not a forecast.
    public var isLastYear: Bool
    /// On a trip of several stops: the stop whose sea it is (set where the stops' forecasts are combined);
    /// nil on a one-place trip.
    public var stop: String?

    /// A sea of `celsius` over `from...to` (last year's when `isLastYear`).
    public init(celsius: Double, from: CalendarDate, to: CalendarDate, isLastYear: Bool) {
        self.celsius = celsius
        self.from = from
        self.to = to
        self.isLastYear = isLastYear
    }

    /// "sea about 15°C" (or "59°F"): whole degrees in the traveller's units.
    public func text(units: MeasurementUnits) -> String {
        let fahrenheit = Int(checkedRounding: celsius * 9 / 5 + 32) ?? 0
        return "sea about \(units.temperature(fahrenheit))"
    }

    /// "sea about 15°C from Jun 10" or "sea about 15°C on these dates last year".
    public func reason(units: MeasurementUnits) -> String {
        isLastYear ? text(units: units) + " on these dates last year" : text(units: units) + " from " + from.shortLabel
    }

    /// The reason, naming the stop where no day of the trip does it ("sea about 15°C off Lisbon on these
    /// dates last year"); a forecast's day is cited with its stop where the stops' days are ("from Jun 10 in Lisbon").
    public func stopReason(units: MeasurementUnits) -> String {
        guard isLastYear, let stop else { return reason(units: units) }
        return text(units: units) + " off \(stop) on these dates last year"
    }
}
