import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

/// Re-runs a past pack with the place and forecast pinned when it ran, with no network: the forecast
/// tool and the check read only the pinned forecasts (the setup's own forecast service is never asked,
/// the geocode tool keeps to the offline data), nothing is pinned, and the list is saved for the replay's
/// session, linked to the one it replays; it never replaces the trip's pack list (`ListMerge` reads packs').
public struct ReplayPlanner: Sendable {
    /// The store, model and options every session of this planner uses (its forecasts and online geocoder are not).
    public var setup: PlanningSetup

    /// A planner that replays with `setup`.
    public init(_ setup: PlanningSetup) {
        self.setup = setup
    }

    /// The forecasts pinned to a trip when a pack ran: what a replay reads instead of the network.
    public struct Pinned: Sendable {
        /// The trip's latest snapshot pinned before the pack's list was saved.
        public var snapshot: ForecastSnapshot
        /// Answers from the pinned forecast, or from each stop's (a trip of several stops).
        public var provider: any ForecastProvider

        /// The forecasts pinned to `trip` before `madeAt` (when the list of `session` was saved).
        /// Throws `ReplayError` when the trip, or one of its stops, has none.
        public static func load(for trip: Trip, madeAt: Date, session: Int, store: Store) async throws -> Pinned {
            guard let snapshot = try await store.latestForecast(tripID: trip.id, before: madeAt) else {
                throw ReplayError.noPinnedForecast(tripID: trip.id, session: session)
            }
            let forecast = try Forecast.fromJSON(snapshot.forecast)
            guard trip.hasStops else { return Pinned(snapshot: snapshot, provider: PinnedForecastProvider(forecast: forecast)) }
            var forecasts: [(place: Place, forecast: Forecast)] = []
            for leg in trip.legs {
                guard let place = leg.place, let placeID = place.id,
                      let pinned = try await store.latestForecast(tripID: trip.id, placeID: placeID, before: madeAt)
                else {
                    throw ReplayError.noPinnedStopForecast(tripID: trip.id, session: session, position: leg.position, label: leg.shortLabel)
                }
                forecasts.append((place, try Forecast.fromJSON(pinned.forecast)))
            }
            return Pinned(snapshot: snapshot, provider: PinnedStopsProvider(forecasts: forecasts))
        }
    }

    /// What a replay produced.
    public struct Result: Sendable {
        public var trip: Trip
        /// The replay's session (the last one, after any recovery).
        public var sessionID: Int
        /// The session replayed.
        public var original: Int
        public var model: String
        public var list: PackingList
        /// Recoveries that happened, in order.
        public var recoveries: [SessionRelation]
        public var stored: StoredPackingList
    }

    /// Replays session `original` of `trip` from its pinned forecasts; `onAnswer` is told about the model's list as it grows.
    public func replay(
        _ trip: Trip, of original: Int, pinned: Pinned, onAnswer: (@Sendable (PackingAnswer.PartiallyGenerated) -> Void)? = nil
    ) async throws -> Result {
        var offline = setup
        offline.onlineGeocoder = nil
        let packing = PackingTurn(setup: offline, trip: trip, forecasts: pinned.provider, pins: false)
        let (turn, checkReads) = packing.turn(purpose: .replay, parent: (original, SessionRelation.replay), onAnswer: onAnswer)
        return try await offline.chain.converse(turn) { outcome in
            let made = try await packing.finish(outcome, checkReads: checkReads)
            return (
                Result(
                    trip: trip, sessionID: outcome.sessionID, original: original, model: outcome.modelName, list: made.list,
                    recoveries: outcome.recoveries, stored: made.stored
                ),
                made.note
            )
        }
    }
}
