import FoundationEssentials
import Model
import Store
import Tools

/// A trip's weather as `show` gives it, whatever the front end: for a trip of one stop the forecast for its
/// days; for a trip of several each stop's own (`StopDates`: the dates of the stops at its place, its alerts
/// kept to its own days). Read through the cache; a stop whose service fails gets the forecast pinned at the
/// last pack (none when there is none) and keeps its failure, for the front end to say.
public struct ShownWeather: Sendable {
    /// One stop's weather.
    public struct Stop: Sendable {
        /// The stop.
        public let leg: TripLeg
        /// Its forecast, or the pinned one when the service failed; nil: none could be had.
        public let report: ForecastReport?
        /// Why the service gave nothing (the report, when there is one, is the pinned forecast).
        public let failure: (any Error)?

        /// Whether the failure is a service's (it could not be asked, or answered badly): shown as a note
        /// beside what is pinned or cached. Any other failure (the database's) is the front end's error.
        public var isServiceFailure: Bool { failure is ServiceError }
    }

    /// Each stop's, in order (one for a trip of one stop; none for a trip with no resolved place).
    public let stops: [Stop]

    /// The stops whose service failed.
    public var failures: [Stop] { stops.filter { $0.failure != nil } }

    /// Reads `trip`'s weather from `service`, the pinned forecasts in `store` standing in for a failure.
    /// `afterEach` runs when a stop's answer is in (the command line ends its progress line there).
    public static func read(
        for trip: Trip, store: Store, service: ForecastService, afterEach: @Sendable () -> Void = {}
    ) async throws -> ShownWeather {
        var stops: [Stop] = []
        for leg in trip.legs {
            guard let place = leg.place else {
                if trip.hasStops { stops.append(Stop(leg: leg, report: nil, failure: nil)) }
                continue
            }
            do {
                let report = trip.hasStops
                    ? try await StopDates.report(for: leg, at: place, of: trip, from: service)
                    : try await service.forecast(for: place, from: trip.start, to: trip.end)
                stops.append(Stop(leg: leg, report: report, failure: nil))
            } catch {
                stops.append(Stop(leg: leg, report: try await pinned(trip, leg: leg, place: place, store: store), failure: error))
            }
            afterEach()
        }
        return ShownWeather(stops: stops)
    }

    /// The forecast pinned at the trip's last pack for this stop (the trip's, for a trip of one stop).
    static func pinned(_ trip: Trip, leg: TripLeg, place: Place, store: Store) async throws -> ForecastReport? {
        if !trip.hasStops {
            guard let pinned = try await store.latestForecast(tripID: trip.id) else { return nil }
            return ForecastReport(forecast: try Forecast.fromJSON(pinned.forecast), origin: .pinned)
        }
        guard let id = place.id, let pinned = try await store.latestForecast(tripID: trip.id, placeID: id) else { return nil }
        let forecast = StopDates.keepingAlerts(try Forecast.fromJSON(pinned.forecast), from: leg.start, to: leg.end)
        return ForecastReport(forecast: forecast, origin: .pinned)
    }

    /// The trip seen from one stop: its dates and place are the stop's (a forecast's renderers read a trip's).
    public static func view(_ trip: Trip, at leg: TripLeg) -> Trip {
        var view = trip
        view.start = leg.start
        view.end = leg.end
        view.place = leg.place
        return view
    }
}
