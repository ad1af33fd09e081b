import FoundationEssentials
import Model
import Store

extension ForecastReport {
    /// Pins this forecast to the trip for `placeID` (a snapshot row, so `show` and `replay` read it after the
    /// cache has moved on); a forecast read from a pin is not pinned again. The one place a forecast is
    /// pinned: the forecast tool and the planner's own fetch both come here.
    public func pin(to store: Store, tripID: Int, placeID: Int?) async throws {
        guard origin != .pinned else { return }
        try await store.pinForecast(
            tripID: tripID, placeID: placeID, source: forecast.provider, url: forecast.url,
            fetchedAt: forecast.fetchedAt, forecast: try forecast.jsonText()
        )
    }
}
