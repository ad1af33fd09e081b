import FoundationEssentials
import Model

extension Store {
    // MARK: - The traveller's changes to a list

    /// The trip's list changes, oldest first.
    public func listChanges(tripID: Int) throws -> [ListChange] {
        try connection.query(
            """
            SELECT id, trip_id, list_id, action, name, quantity, category, created_at FROM list_changes
            WHERE trip_id = ? ORDER BY id
            """,
            [tripID]
        ).map(Store.listChange(from:))
    }

    /// The trip's list and its last change, as a command reads them before it writes.
    public func listVersion(tripID: Int) throws -> ListVersion {
        let row = try connection.first(
            """
            SELECT (SELECT id FROM packing_lists WHERE trip_id = ?1 AND \(Store.packedNotReplayed)
                    ORDER BY created_at DESC, id DESC LIMIT 1) AS list_id,
                   (SELECT max(id) FROM list_changes WHERE trip_id = ?1) AS change_id
            """,
            [tripID]
        )
        return ListVersion(listID: try row?.optionalInt("list_id"), lastChangeID: try row?.optionalInt("change_id"))
    }

    /// Records list changes and preference changes in one transaction, against the list they were made
    /// on. Returns nil, writing nothing, when the trip's list or its changes are no longer `expected`
    /// (another `plan` wrote meanwhile).
    @discardableResult
    public func recordListChanges(
        _ changes: [NewListChange], preferences: [NewPreferenceChange] = [], tripID: Int, expected: ListVersion
    ) throws -> [ListChange]? {
        let now = clock()
        return try connection.write { () throws -> [ListChange]? in
            guard try listVersion(tripID: tripID) == expected else { return nil }
            var recorded: [ListChange] = []
            for change in changes {
                guard let name = ItemKey.tidy(change.name) else {
                    throw StoreError.corruptValue(column: "list_changes.name", detail: "empty or longer than \(ItemKey.maximumLength)")
                }
                try connection.query(
                    """
                    INSERT INTO list_changes (trip_id, list_id, action, name, item_key, quantity, category, created_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [tripID, expected.listID, change.action.rawValue, name, ItemKey.of(name), change.quantity,
                     change.category, now.timeIntervalSince1970]
                )
                recorded.append(ListChange(
                    id: connection.lastInsertID, tripID: tripID, listID: expected.listID, action: change.action, name: name,
                    quantity: change.quantity, category: change.category, createdAt: now
                ))
            }
            for preference in preferences {
                try insertPreference(preference, tripID: tripID, at: now)
            }
            return recorded
        }
    }

    /// The trip's lists from its packs, oldest first: the lists its traveller packs from. A replay's list is
    /// kept apart (it re-runs the engine to compare, and does not replace the trip's list).
    public func packingLists(tripID: Int) throws -> [StoredPackingList] {
        try connection.query(
            Store.packingListSelect + " WHERE trip_id = ? AND \(Store.packedNotReplayed) ORDER BY created_at, id", [tripID]
        ).map(Store.packingList(from:))
    }

    /// A list made by a pack (or stored without a session), not by a replay.
    static let packedNotReplayed = """
        (session_id IS NULL OR session_id NOT IN (SELECT id FROM sessions WHERE purpose = 'replay'))
        """

    /// Marks the trip's latest list out of date (the trip changed after it was made), with the reason;
    /// the next pack makes a current one. Returns false when the trip has no list.
    @discardableResult
    public func markPackingListOutOfDate(tripID: Int, reason: String) throws -> Bool {
        let reason = String(reason.prefix(200))
        return try connection.write {
            try connection.query(
                """
                UPDATE packing_lists SET out_of_date = ?
                WHERE id = (SELECT id FROM packing_lists WHERE trip_id = ? AND \(Store.packedNotReplayed)
                            ORDER BY created_at DESC, id DESC LIMIT 1)
                """,
                [reason.isEmpty ? "the trip changed" : reason, tripID]
            )
            return connection.changes > 0
        }
    }

    // MARK: - Rows

    static func listChange(from row: Row) throws -> ListChange {
        ListChange(
            id: try row.int("id"), tripID: try row.int("trip_id"), listID: try row.optionalInt("list_id"),
            action: try Store.enumValue(ListChange.Action.self, row, "action"), name: try row.string("name"),
            quantity: try row.optionalInt("quantity"), category: try row.optionalString("category"),
            createdAt: Date(timeIntervalSince1970: try row.double("created_at"))
        )
    }
}
