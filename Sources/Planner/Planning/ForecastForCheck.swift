import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

/// The forecast a pack's list is checked against (and the rules stand in from): the one the session
/// received, else fetched now through `forecasts` and, when `pins`, pinned to the trip through
/// `ForecastReport.pin`, the same call the forecast tool pins with. A trip of several stops gets each
/// stop's, combined (`stops` says which day is spent where).
struct ForecastForCheck: Sendable {
    let store: Store
    let forecasts: any ForecastProvider
    /// Whether a forecast fetched here is pinned to the trip (a replay's never is).
    let pins: Bool
    let onProgress: @Sendable (String) -> Void

    /// What was obtained for the trip.
    struct Obtained: Sendable {
        var forecast: Forecast?
        var isStale: Bool
        /// Why there is no forecast (nil when there is one).
        var unavailable: String?
        /// Each stop's days and forecast (a trip of several stops only).
        var stops: StopForecasts?
    }

    /// The trip's forecast, given the transcript of the session that packed it.
    func forecast(for trip: Trip, in transcript: Transcript) async -> Obtained {
        guard trip.hasStops else {
            let single = await placeForecast(trip.place, tripID: trip.id, from: trip.start, to: trip.end, in: transcript)
            return Obtained(forecast: single.forecast, isStale: single.isStale, unavailable: single.unavailable, stops: nil)
        }
        var legs: [(leg: TripLeg, forecast: Forecast?)] = []
        var isStale = false
        var reasons: [String] = []
        for (index, leg) in trip.legs.enumerated() {
            // Asked for the dates the forecast tool asks at that place, so a fetch here and the session's agree.
            let dates = leg.place.map { StopDates.range(at: $0, legs: trip.legs, tripStart: trip.start, tripEnd: trip.end) }
            let obtained = await placeForecast(
                leg.place, tripID: trip.id, from: dates?.start ?? leg.start, to: dates?.end ?? leg.end, in: transcript,
                stop: "stop \(index + 1) of \(trip.legs.count)"
            )
            legs.append((leg, obtained.forecast))
            isStale = isStale || obtained.isStale
            if let reason = obtained.unavailable, !reasons.contains(reason) { reasons.append(reason) }
        }
        let stops = StopForecasts(legs)
        return Obtained(forecast: stops.forecast, isStale: isStale, unavailable: stops.forecast == nil ? reasons.first : nil, stops: stops)
    }

    /// One place's forecast: the one the session received, else fetched now and pinned to the trip for that place.
    private func placeForecast(
        _ place: Place?, tripID: Int, from start: CalendarDate, to end: CalendarDate, in transcript: Transcript, stop: String? = nil
    ) async -> (forecast: Forecast?, isStale: Bool, unavailable: String?) {
        let label = place?.label
        let received = transcript.entries.compactMap(\.forecastResult).last { result in
            result.forecast != nil && (label == nil || result.place == label)
        }
        if let received, let forecast = received.forecast {
            return (forecast, received.origin?.isStale ?? false, nil)
        }
        guard let place else { return (nil, false, "the trip's place is not known") }
        if let stop { onProgress("Fetching the forecast for \(stop) (\(place.name))…") }
        do {
            let report = try await forecasts.forecast(for: place, from: start, to: end)
            onProgress(report.summary() + "; checking…")
            if pins { try await report.pin(to: store, tripID: tripID, placeID: place.id) }
            return (report.forecast, report.origin.isStale, nil)
        } catch {
            let reason = SessionChain.describe(error)
            return (nil, false, reason.hasSuffix(".") ? String(reason.dropLast()) : reason)
        }
    }
}
