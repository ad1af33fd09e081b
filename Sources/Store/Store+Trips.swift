import Foundation

extension Store {
    // MARK: - Trips

    /// Stores a trip (and its place) in one transaction and returns it with its id.
    public func addTrip(_ new: NewTrip) throws -> Trip {
        let now = clock()
        let activities = try Store.jsonArray(new.activities)
        return try connection.write {
            var place = new.place
            if let resolved = place {
                place?.id = try upsertPlace(resolved, at: now)
            }
            try connection.query(
                """
                INSERT INTO trips (name, destination, place_id, start_date, end_date, activities, created_at)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [new.name, new.destination, place?.id, new.start.description, new.end.description, activities,
                 now.timeIntervalSince1970]
            )
            return Trip(
                id: connection.lastInsertID, name: new.name, destination: new.destination, place: place,
                start: new.start, end: new.end, activities: new.activities, createdAt: now
            )
        }
    }

    /// The trip with this id, or nil.
    public func trip(id: Int) throws -> Trip? {
        try connection.first(Store.tripSelect + " WHERE t.id = ?", [id]).map(Store.trip(from:))
    }

    /// Every trip, newest first, with whether each has a packing list.
    public func tripSummaries() throws -> [TripSummary] {
        try connection.query(
            Store.tripSelect + " ORDER BY t.created_at DESC, t.id DESC"
        ).map { row in
            TripSummary(
                trip: try Store.trip(from: row),
                hasPackingList: try row.optionalDouble("packed_at") != nil,
                packedAt: try row.optionalDouble("packed_at").map(Date.init(timeIntervalSince1970:))
            )
        }
    }

    /// Deletes a trip with its sessions, snapshots and lists. Returns false when there was no such trip.
    @discardableResult
    public func deleteTrip(id: Int) throws -> Bool {
        try connection.write {
            try connection.query("DELETE FROM trips WHERE id = ?", [id])
            return connection.changes > 0
        }
    }

    /// Sets (or replaces) the trip's resolved place.
    public func setPlace(_ place: Place, forTrip id: Int) throws -> Place {
        let now = clock()
        return try connection.write {
            var stored = place
            stored.id = try upsertPlace(place, at: now)
            try connection.query("UPDATE trips SET place_id = ? WHERE id = ?", [stored.id, id])
            return stored
        }
    }

    // MARK: - Rows

    static let tripSelect = """
        SELECT t.id, t.name, t.destination, t.start_date, t.end_date, t.activities, t.created_at,
               p.id AS place_id, p.name AS place_name, p.region, p.country, p.latitude, p.longitude,
               p.time_zone, p.source, p.source_id, p.population, p.kind,
               (SELECT max(created_at) FROM packing_lists l WHERE l.trip_id = t.id) AS packed_at
        FROM trips t LEFT JOIN places p ON p.id = t.place_id
        """

    static func trip(from row: Row) throws -> Trip {
        var place: Place?
        if let placeID = try row.optionalInt("place_id") {
            place = try Store.place(from: row, id: placeID, name: "place_name")
        }
        guard let start = CalendarDate(try row.string("start_date")),
              let end = CalendarDate(try row.string("end_date"))
        else { throw row.damaged("start_date", "not a date") }
        // JSONSerialization, not JSONDecoder: the decoder's machinery cost about 0.17M instructions per trip.
        let stored = try? JSONSerialization.jsonObject(with: Data(utf8: try row.string("activities")))
        guard let activities = stored as? [String] else {
            throw row.damaged("activities", "not a JSON array of text")
        }
        return Trip(
            id: try row.int("id"), name: try row.string("name"), destination: try row.string("destination"),
            place: place, start: start, end: end, activities: activities,
            createdAt: Date(timeIntervalSince1970: try row.double("created_at"))
        )
    }

    func upsertPlace(_ place: Place, at now: Date) throws -> Int {
        let place = place.bounded
        let rows = try connection.query(
            """
            INSERT INTO places (name, region, country, latitude, longitude, time_zone, source, source_id,
                                population, created_at, kind)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (source, name, region, country, latitude, longitude)
            DO UPDATE SET time_zone = excluded.time_zone, population = excluded.population, kind = excluded.kind
            RETURNING id
            """,
            [place.name, place.region, place.country, place.latitude, place.longitude, place.timeZone,
             place.source, place.sourceID, place.population, now.timeIntervalSince1970, place.kind.rawValue]
        )
        guard let id = try rows.first?.int("id") else {
            throw StoreError.corruptValue(column: "places.id", detail: "insert returned no id")
        }
        return id
    }

    static func jsonArray(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }
}
