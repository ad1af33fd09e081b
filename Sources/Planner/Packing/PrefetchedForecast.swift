import FoundationEssentials
import Model
import Store
import Tools

/// The trip's forecast, fetched while the model server reads the instructions (`LanguageModelSession.prewarm`)
/// once the session has started; the forecast tool's call for the trip's place then awaits this one fetch
/// (its answer or its error) instead of starting another. Nothing is fetched before `start` or that call,
/// so a pack that fails before its session starts leaves the database as it was.
actor PrefetchedForecast: ForecastProvider {
    nonisolated let base: any ForecastProvider
    nonisolated let place: Place
    /// The trip's days, which the fetch covers.
    nonisolated let start: CalendarDate
    nonisolated let end: CalendarDate
    private var fetch: Task<ForecastReport, any Error>?

    init(base: any ForecastProvider, place: Place, start: CalendarDate, end: CalendarDate) {
        self.base = base
        self.place = place
        self.start = start
        self.end = end
    }

    func forecast(for asked: Place) async throws -> ForecastReport {
        try await forecast(for: asked, from: start, to: end)
    }

    func forecast(for asked: Place, from first: CalendarDate, to last: CalendarDate) async throws -> ForecastReport {
        guard asked.latitude == place.latitude, asked.longitude == place.longitude, first == start, last == end else {
            return try await base.forecast(for: asked, from: first, to: last)
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
        let start = start
        let end = end
        let task = Task { try await base.forecast(for: place, from: start, to: end) }
        fetch = task
        return task
    }
}
