import FoundationEssentials
import Model

extension Store {
    // MARK: - Preferences

    /// Every preference row ever written, oldest first: choices made and forgotten.
    public func preferenceChanges() throws -> [PreferenceChange] {
        try connection.query(
            "SELECT id, name, choice, quantity, category, trip_id, created_at FROM preference_changes ORDER BY id"
        ).map { row in
            let choice = try row.string("choice")
            return PreferenceChange(
                id: try row.int("id"), name: try row.string("name"),
                choice: choice == "forget" ? nil : try Store.enumValue(ItemChoice.self, choice, "preference_changes.choice"),
                quantity: try row.optionalInt("quantity"), category: try row.optionalString("category"),
                tripID: try row.optionalInt("trip_id"), createdAt: Date(timeIntervalSince1970: try row.double("created_at"))
            )
        }
    }

    /// The choices in force now.
    public func preferences() throws -> [Preference] {
        Preference.inForce(try preferenceChanges())
    }

    /// Records preference rows (a choice, or a forgetting) in one transaction.
    public func recordPreferences(_ changes: [NewPreferenceChange], tripID: Int? = nil) throws {
        let now = clock()
        try connection.write {
            for change in changes { try insertPreference(change, tripID: tripID, at: now) }
        }
    }

    func insertPreference(_ change: NewPreferenceChange, tripID: Int?, at now: Date) throws {
        guard let name = ItemKey.tidy(change.name) else {
            throw StoreError.corruptValue(column: "preference_changes.name", detail: "empty or longer than \(ItemKey.maximumLength)")
        }
        try connection.query(
            """
            INSERT INTO preference_changes (item_key, name, choice, quantity, category, trip_id, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """,
            [ItemKey.of(name), name, change.choice?.rawValue ?? "forget", change.quantity, change.category, tripID,
             now.timeIntervalSince1970]
        )
    }
}
