import FoundationEssentials
import Model
import Planner
import Tools

/// The weather as every front end shows it, through the process's one database and its HTTP cache.
extension PlanApp {
    /// `trip`'s weather as `plan show` gives it: each stop's own, the sea's temperature for a trip on or in the
    /// water, the forecast pinned at the last pack standing in for a service that fails. `afterEach` runs as
    /// each stop's answer is in.
    public func shownWeather(
        for trip: Trip, fresh: Bool = false, offline: Bool, afterEach: @Sendable () -> Void = {}
    ) async throws -> ShownWeather {
        let store = try openStore()
        let service = try forecastService(store: store, fresh: fresh, offline: offline, sea: PackingRules.asksTheSea(trip.activities))
        return try await ShownWeather.read(for: trip, store: store, service: service, afterEach: afterEach)
    }

    /// The forecast at `place` for the days `from` to `to` (the climate's normals beyond the forecast's reach).
    public func forecast(at place: Place, from: CalendarDate, to: CalendarDate, offline: Bool) async throws -> ForecastReport {
        let report = try await forecastService(store: openStore(), fresh: false, offline: offline).forecast(for: place, from: from, to: to)
        reporter.endProgress()
        return report
    }

    /// The units the traveller reads (`plan config`; a trip's own settings when given one).
    public func units(tripID: Int? = nil) async throws -> MeasurementUnits {
        try await traveller(store: openStore(), tripID: tripID).units
    }
}
