import FoundationEssentials

extension Store {
    // MARK: - The phone page's secret link

    /// The secret of `tripID`'s phone page, or nil when it has none yet.
    public func tripLinkSecret(tripID: Int) throws -> String? {
        try connection.first("SELECT secret FROM trip_links WHERE trip_id = ?", [tripID])?.string("secret", limit: 86)
    }

    /// Keeps `secret` as `tripID`'s link, replacing the one before (its address stops working).
    public func setTripLinkSecret(_ secret: String, tripID: Int) throws {
        let now = clock()
        try connection.write {
            try connection.query(
                """
                INSERT INTO trip_links (trip_id, secret, created_at) VALUES (?, ?, ?)
                ON CONFLICT (trip_id) DO UPDATE SET secret = excluded.secret, created_at = excluded.created_at
                """,
                [tripID, secret, now.timeIntervalSince1970]
            )
        }
    }
}
