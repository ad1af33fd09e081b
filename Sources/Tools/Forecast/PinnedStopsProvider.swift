import FoundationEssentials
import Model
import Store

/// Answers from the forecasts pinned to each stop of a trip: no network at all (replays of a trip of
/// several stops). A place gets the forecast of the stop nearest it; a place far from every stop, none.
public struct PinnedStopsProvider: ForecastProvider {
    public let forecasts: [(place: Place, forecast: Forecast)]

    public init(forecasts: [(place: Place, forecast: Forecast)]) {
        self.forecasts = forecasts
    }

    public func forecast(for place: Place) async throws -> ForecastReport {
        let nearest = forecasts.map { ($0, TripPlaces.distance(from: $0.place, toLatitude: place.latitude, longitude: place.longitude)) }
            .min { $0.1 < $1.1 }
        guard let (pinned, metres) = nearest, metres <= TripPlaces.servedRadius else {
            throw ServiceError.unavailable(service: "pinned forecasts", reason: "no forecast was pinned near this place")
        }
        return ForecastReport(forecast: pinned.forecast, origin: .pinned, note: "pinned to the trip")
    }
}
