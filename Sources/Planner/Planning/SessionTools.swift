import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

/// The tools a planning session offers for a trip: `geocode` (the offline gazetteer, the places already
/// resolved, the online geocoder when the setup has one) and `forecast` (from `forecasts`, pinning what
/// it fetched to the trip when `pins`, and standing in gracefully when the services are down).
struct SessionTools: Sendable {
    let setup: PlanningSetup
    /// Where this session's forecasts come from: the setup's service, a prefetch over it, or a replay's pinned ones.
    let forecasts: any ForecastProvider

    init(setup: PlanningSetup, forecasts: (any ForecastProvider)? = nil) {
        self.setup = setup
        self.forecasts = forecasts ?? setup.forecasts
    }

    /// The tools' definitions for `trip`'s session.
    func definitions(for trip: Trip, pins: Bool, places: TripPlaces) -> [ToolDefinition] {
        var known: [String: Place] = [:]
        if let place = trip.place { known[trip.destination] = place }
        let geocode = GeocodeTool(gazetteer: setup.gazetteer, known: known, places: places, online: setup.onlineGeocoder)
        let progress = setup.onProgress
        var forecast = ForecastTool(
            provider: forecasts, start: trip.start, end: trip.end, place: trip.place,
            pinning: pins ? (setup.store, trip.id) : nil, places: places, onReport: { progress($0.summary() + "; thinking…") }
        )
        if trip.hasStops { forecast.legs = trip.legs }
        return [geocode.definition, GracefulForecast(forecast).definition]
    }
}
