import FoundationEssentials
import Model

/// A forecast pinned to a trip: the normalized forecast JSON as the pack used it.
public struct ForecastSnapshot: Sendable, Equatable {
    public var id: Int
    public var tripID: Int
    /// `nws` or `open-meteo`.
    public var source: String
    public var url: String
    public var fetchedAt: Date
    /// The forecast, as JSON text (Tools' `Forecast`).
    public var forecast: String
    public var createdAt: Date
    /// The place (stop) the forecast is for; nil for snapshots pinned before stops had their own.
    public var placeID: Int?
}

extension Store {
    // MARK: - Forecast snapshots

    /// Pins a forecast to a trip and returns the snapshot.
    @discardableResult
    public func pinForecast(
        tripID: Int, placeID: Int? = nil, source: String, url: String, fetchedAt: Date, forecast: String
    ) throws -> ForecastSnapshot {
        let now = clock()
        return try connection.write {
            try connection.query(
                """
                INSERT INTO forecast_snapshots (trip_id, source, url, fetched_at, forecast, created_at, place_id)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [tripID, source, url, fetchedAt.timeIntervalSince1970, forecast, now.timeIntervalSince1970, placeID]
            )
            return ForecastSnapshot(
                id: connection.lastInsertID, tripID: tripID, source: source, url: url, fetchedAt: fetchedAt,
                forecast: forecast, createdAt: now, placeID: placeID
            )
        }
    }

    /// The trip's newest pinned forecast, or the one a given session used; with `placeID`, the newest for
    /// that place (one stop of several).
    public func latestForecast(tripID: Int, placeID: Int? = nil, before: Date? = nil) throws -> ForecastSnapshot? {
        let cutoff = (before ?? Date.distantFuture).timeIntervalSince1970
        let sql = """
            SELECT id, trip_id, source, url, fetched_at, forecast, created_at, place_id FROM forecast_snapshots
            WHERE trip_id = ? AND created_at <= ?
            """
        let order = " ORDER BY created_at DESC, id DESC LIMIT 1"
        let found: Row?
        if let placeID {
            found = try connection.first(sql + " AND place_id = ?" + order, [tripID, cutoff, placeID])
        } else {
            found = try connection.first(sql + order, [tripID, cutoff])
        }
        guard let row = found else { return nil }
        return ForecastSnapshot(
            id: try row.int("id"), tripID: try row.int("trip_id"), source: try row.string("source"),
            url: try row.string("url"), fetchedAt: Date(timeIntervalSince1970: try row.double("fetched_at")),
            forecast: try row.string("forecast"),
            createdAt: Date(timeIntervalSince1970: try row.double("created_at")),
            placeID: try row.optionalInt("place_id")
        )
    }
}
