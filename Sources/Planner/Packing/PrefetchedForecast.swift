import Foundation
import Store
import Tools

/// The trip's forecast, fetched while the model server reads the instructions (`LanguageModelSession.prewarm`)
/// once the session has started; the forecast tool's call for the trip's place then awaits this one fetch
/// (its answer or its error) instead of starting another. Nothing is fetched before `start` or that call,
/// so a pack that fails before its session starts leaves the database as it was.
actor PrefetchedForecast: ForecastProvider {
    nonisolated let base: any ForecastProvider
    nonisolated let place: Place
    private var fetch: Task<ForecastReport, any Error>?

    init(base: any ForecastProvider, place: Place) {
        self.base = base
        self.place = place
    }

    func forecast(for asked: Place) async throws -> ForecastReport {
        guard asked.latitude == place.latitude, asked.longitude == place.longitude else {
            return try await base.forecast(for: asked)
        }
        return try await started().value
    }

    /// Starts the fetch (once) and waits until it is done; its outcome is kept for the tool.
    func wait() async {
        _ = try? await started().value
    }

    private func started() -> Task<ForecastReport, any Error> {
        if let fetch { return fetch }
        let base = base
        let place = place
        let task = Task { try await base.forecast(for: place) }
        fetch = task
        return task
    }
}
