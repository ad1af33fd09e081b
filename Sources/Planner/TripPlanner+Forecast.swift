import Foundation
import LanguageModels
import Store
import Tools

extension TripPlanner {
    func makeTools(
        for trip: Trip, pins: Bool, places: TripPlaces, provider: (any ForecastProvider)? = nil
    ) -> [ToolDefinition] {
        var known: [String: Place] = [:]
        if let place = trip.place { known[trip.destination] = place }
        let geocode = GeocodeTool(gazetteer: gazetteer, known: known, places: places, online: onlineGeocoder)
        let progress = onProgress
        var forecast = ForecastTool(
            provider: provider ?? forecasts, start: trip.start, end: trip.end, place: trip.place,
            pinning: pins ? (store, trip.id) : nil, places: places, onReport: { progress($0.summary() + "; thinking…") }
        )
        if trip.hasStops { forecast.legs = trip.legs }
        return [geocode.definition, GracefulForecast(forecast).definition]
    }

    /// The forecast for the trip's own place: the one the session received, else fetched now (through the
    /// cache, pinned like the tool pins) so the list can be checked, and the rules can stand in. A trip of
    /// several stops gets each stop's, combined (`stops` says which day is spent where).
    func tripForecast(_ trip: Trip, in transcript: Transcript, pins: Bool, provider: any ForecastProvider)
        async -> (forecast: Forecast?, isStale: Bool, unavailable: String?, stops: StopForecasts?)
    {
        guard trip.hasStops else {
            let single = await placeForecast(
                trip.place, tripID: trip.id, from: trip.start, to: trip.end, in: transcript, pins: pins, provider: provider
            )
            return (single.forecast, single.isStale, single.unavailable, nil)
        }
        var legs: [(leg: TripLeg, forecast: Forecast?)] = []
        var isStale = false
        var reasons: [String] = []
        for leg in trip.legs {
            let obtained = await placeForecast(
                leg.place, tripID: trip.id, from: leg.start, to: leg.end, in: transcript, pins: pins, provider: provider
            )
            legs.append((leg, obtained.forecast))
            isStale = isStale || obtained.isStale
            if let reason = obtained.unavailable, !reasons.contains(reason) { reasons.append(reason) }
        }
        let stops = StopForecasts(legs)
        return (stops.forecast, isStale, stops.forecast == nil ? reasons.first : nil, stops)
    }

    /// One place's forecast: the one the session received, else fetched now and pinned to the trip for that place.
    private func placeForecast(
        _ place: Place?, tripID: Int, from start: CalendarDate, to end: CalendarDate, in transcript: Transcript, pins: Bool,
        provider: any ForecastProvider
    ) async -> (forecast: Forecast?, isStale: Bool, unavailable: String?) {
        let label = place?.label
        let received = transcript.entries.compactMap(\.forecastResult).last { result in
            result.forecast != nil && (label == nil || result.place == label)
        }
        if let received, let forecast = received.forecast {
            return (forecast, received.origin?.isStale ?? false, nil)
        }
        guard let place else { return (nil, false, "the trip's place is not known") }
        do {
            let report = try await provider.forecast(for: place, from: start, to: end)
            onProgress(report.summary() + "; checking…")
            if pins { try await report.pin(to: store, tripID: tripID, placeID: place.id) }
            return (report.forecast, report.origin.isStale, nil)
        } catch {
            let reason = Self.describe(error)
            return (nil, false, reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        }
    }
}
