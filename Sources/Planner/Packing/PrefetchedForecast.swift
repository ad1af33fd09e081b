import Foundation
import Store
import Tools

/// The trip's forecast, asked for as a pack starts, so it is fetched while the model server reads the
/// instructions (`LanguageModelSession.prewarm`); the forecast tool's call for the trip's place then
/// awaits this one fetch (its answer or its error) instead of starting another.
struct PrefetchedForecast: ForecastProvider {
    let base: any ForecastProvider
    let place: Place
    private let fetch: Task<ForecastReport, any Error>

    init(base: any ForecastProvider, place: Place) {
        self.base = base
        self.place = place
        fetch = Task { try await base.forecast(for: place) }
    }

    func forecast(for asked: Place) async throws -> ForecastReport {
        guard asked.latitude == place.latitude, asked.longitude == place.longitude else {
            return try await base.forecast(for: asked)
        }
        return try await fetch.value
    }

    /// Waits until the fetch is done (its outcome is kept for the tool).
    func wait() async {
        _ = try? await fetch.value
    }
}
