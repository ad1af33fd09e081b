import Foundation

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
}

extension Store {
    // MARK: - Forecast snapshots

    /// Pins a forecast to a trip and returns the snapshot.
    @discardableResult
    public func pinForecast(tripID: Int, source: String, url: String, fetchedAt: Date, forecast: String) throws
        -> ForecastSnapshot
    {
        let now = clock()
        return try connection.write {
            try connection.query(
                """
                INSERT INTO forecast_snapshots (trip_id, source, url, fetched_at, forecast, created_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [tripID, source, url, fetchedAt.timeIntervalSince1970, forecast, now.timeIntervalSince1970]
            )
            return ForecastSnapshot(
                id: connection.lastInsertID, tripID: tripID, source: source, url: url, fetchedAt: fetchedAt,
                forecast: forecast, createdAt: now
            )
        }
    }

    /// The trip's newest pinned forecast, or the one a given session used.
    public func latestForecast(tripID: Int, before: Date? = nil) throws -> ForecastSnapshot? {
        let cutoff = (before ?? Date.distantFuture).timeIntervalSince1970
        guard let row = try connection.first(
            """
            SELECT id, trip_id, source, url, fetched_at, forecast, created_at FROM forecast_snapshots
            WHERE trip_id = ? AND created_at <= ? ORDER BY created_at DESC, id DESC LIMIT 1
            """,
            [tripID, cutoff]
        ) else { return nil }
        return ForecastSnapshot(
            id: try row.int("id"), tripID: try row.int("trip_id"), source: try row.string("source"),
            url: try row.string("url"), fetchedAt: Date(timeIntervalSince1970: try row.double("fetched_at")),
            forecast: try row.string("forecast"),
            createdAt: Date(timeIntervalSince1970: try row.double("created_at"))
        )
    }
}
