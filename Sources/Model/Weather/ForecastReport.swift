import FoundationEssentials

/// A forecast and how it was obtained (for "NWS, fetched 12 min ago" and stale warnings).
public struct ForecastReport: Sendable, Equatable {
    public var forecast: Forecast
    /// How the forecast document itself was obtained.
    public var origin: ForecastOrigin
    /// Why NWS was not used, when it was not ("outside NWS coverage").
    public var note: String?

    public init(forecast: Forecast, origin: ForecastOrigin, note: String? = nil) {
        self.forecast = forecast
        self.origin = origin
        self.note = note
    }
}
