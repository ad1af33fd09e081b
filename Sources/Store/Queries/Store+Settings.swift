import FoundationEssentials
import Model

extension Store {
    // MARK: - The traveller's settings

    /// The traveller's stored settings by name (`home`, `units`, `laundry`).
    public func travellerSettings() throws -> [String: String] {
        var settings: [String: String] = [:]
        for row in try connection.query("SELECT name, value FROM traveller_settings ORDER BY name") {
            settings[try row.string("name")] = try row.string("value")
        }
        return settings
    }

    /// Stores one setting (the table's CHECK refuses a value that is not valid for its name).
    public func setTravellerSetting(_ name: String, to value: String) throws {
        let now = clock()
        try connection.write {
            try connection.query(
                """
                INSERT INTO traveller_settings (name, value, updated_at) VALUES (?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                """,
                [name, value, now.timeIntervalSince1970]
            )
        }
    }

    /// Forgets one setting (plan then uses its default). Returns whether it was set.
    @discardableResult
    public func removeTravellerSetting(_ name: String) throws -> Bool {
        try connection.write {
            try connection.query("DELETE FROM traveller_settings WHERE name = ?", [name])
            return connection.changes > 0
        }
    }

    // MARK: - A trip's own settings

    /// The trip's own laundry interval in days, when it has one.
    public func tripLaundryDays(tripID: Int) throws -> Int? {
        try connection.first("SELECT value FROM trip_settings WHERE trip_id = ? AND name = 'laundry'", [tripID])
            .flatMap { Int(try $0.string("value")) }  // parses text
    }

    /// Sets the trip's own laundry interval (1–60 days).
    public func setTripLaundryDays(_ days: Int, tripID: Int) throws {
        try connection.write {
            try connection.query(
                """
                INSERT INTO trip_settings (trip_id, name, value) VALUES (?, 'laundry', ?)
                ON CONFLICT (trip_id, name) DO UPDATE SET value = excluded.value
                """,
                [tripID, String(days)]
            )
        }
    }
}
