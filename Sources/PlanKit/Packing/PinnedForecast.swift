import FoundationEssentials
import Model
import Store
import Tools

/// The forecast a list was made from, as a front end names it: pinned at the pack (the original's, for a
/// replay).
public struct PinnedForecast: Sendable, Equatable {
    /// The service's key as stored ("nws", "open-meteo"; `--json`'s forecastSource).
    public let source: String
    /// The sources that gave a day of the trip, in words ("NWS", "Open-Meteo + climate"), or "none for the
    /// trip's days" (NWS's week may end before the trip begins).
    public let label: String
    /// When it was fetched.
    public let fetchedAt: Date

    /// How long ago it was fetched, in words ("12 min ago", "3 h ago").
    public var fetchedAgo: String { Age.describe(Date().timeIntervalSince(fetchedAt)) }

    init(_ snapshot: ForecastSnapshot, trip: Trip) {
        source = snapshot.source
        let pinned = try? Forecast.fromJSON(snapshot.forecast)
        label = pinned.map { $0.sourceName(from: trip.start, to: trip.end) ?? "none for the trip's days" }
            ?? (snapshot.source == "nws" ? "NWS" : "Open-Meteo")
        fetchedAt = snapshot.fetchedAt
    }
}
