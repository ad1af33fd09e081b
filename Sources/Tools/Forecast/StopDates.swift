import FoundationEssentials
import Basics
import Model
import Store

/// The days a trip's weather is asked for at a place, and the alerts a stop keeps: on a trip of several
/// stops, a place's forecast, climate and alerts are asked for the days of the stops at that place (from
/// the first one's arrival to the last one's departure), and a stop keeps only the alerts in force over
/// its own days. The forecast tool, a pack's check and `show` all go through here, so they ask the same
/// dates of the same services and cannot disagree about a stop's weather.
public enum StopDates {
    /// The days to ask at `place`: those of the stops within `TripPlaces.servedRadius` of it, else the trip's.
    public static func range(
        at place: Place, legs: [TripLeg], tripStart: CalendarDate, tripEnd: CalendarDate
    ) -> (start: CalendarDate, end: CalendarDate) {
        let stays = legs.filter { leg in
            leg.place.map { TripPlaces.distance(from: $0, toLatitude: place.latitude, longitude: place.longitude) <= TripPlaces.servedRadius }
                ?? false
        }
        guard let start = stays.map(\.start).min(), let end = stays.map(\.end).max() else { return (tripStart, tripEnd) }
        return (start, end)
    }

    /// `forecast` with only the alerts in force over `first...last`, local days in the forecast's zone.
    public static func keepingAlerts(_ forecast: Forecast, from first: CalendarDate, to last: CalendarDate) -> Forecast {
        let zone = ZoneRules.named(forecast.timeZone)
        var kept = forecast
        kept.alerts = forecast.alerts.filter { $0.overlaps(from: first, to: last, timeZone: zone) }
        return kept
    }

    /// One stop's weather: asked of `provider` for the days of the stops at its place (`range`), its alerts
    /// kept to the stop's own days. What `show` charts for a stop and what a pack's check reads when the
    /// session did not receive it.
    public static func report(
        for leg: TripLeg, at place: Place, of trip: Trip, from provider: any ForecastProvider
    ) async throws -> ForecastReport {
        let dates = range(at: place, legs: trip.legs, tripStart: trip.start, tripEnd: trip.end)
        var report = try await provider.forecast(for: place, from: dates.start, to: dates.end)
        report.forecast = keepingAlerts(report.forecast, from: leg.start, to: leg.end)
        return report
    }
}
