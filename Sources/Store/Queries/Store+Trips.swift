import FoundationEssentials
import Basics
import Model

extension Store {
    // MARK: - Trips

    /// Stores a trip (its places and its stops) in one transaction and returns it with its id.
    public func addTrip(_ new: NewTrip) throws -> Trip {
        let now = clock()
        let legs = new.legs
        let union = TripLeg.union(legs)
        let activities = try Store.jsonArray(union)
        if let problem = TripLeg.chainProblem(legs) {
            throw StoreError.corruptValue(column: "trip_legs", detail: problem)
        }
        if let problem = new.party.problem { throw StoreError.corruptValue(column: "trips.adults", detail: problem) }
        return try connection.write {
            let last = legs[legs.count - 1]
            try connection.query(
                """
                INSERT INTO trips (name, destination, place_id, start_date, end_date, activities, created_at, adults, children)
                VALUES (?, ?, NULL, ?, ?, ?, ?, ?, json(?))
                """,
                [new.name, new.destination, new.start.description, last.end.description, activities,
                 now.timeIntervalSince1970, new.party.adults, Store.jsonNumbers(new.party.children)]
            )
            let id = connection.lastInsertID
            let stored = try writeLegs(legs, tripID: id, at: now)
            return Trip(
                id: id, name: new.name, destination: new.destination, place: stored[0].place,
                start: new.start, end: last.end, activities: union, createdAt: now, legs: stored, party: new.party
            )
        }
    }

    /// Changes a trip in one transaction and returns it as stored; nil when there is no such trip. With a
    /// `note`, a packing list made for an older revision is out of date (notes add up until the next list).
    /// New stops or a note make a new revision. With `expectedRevision`, the change is written only over
    /// that revision (the one the caller read its stops from): otherwise `TripChangedError`, nothing written.
    public func updateTrip(id: Int, _ change: TripChange, expectedRevision: Int? = nil) throws -> Trip? {
        let now = clock()
        if let legs = change.legs, let problem = TripLeg.chainProblem(legs) {
            throw StoreError.corruptValue(column: "trip_legs", detail: problem)
        }
        let activities = try change.activities.map(Store.jsonArray)
        if let problem = change.party?.problem { throw StoreError.corruptValue(column: "trips.adults", detail: problem) }
        return try connection.write { () throws -> Trip? in
            guard let current = try connection.first(Store.tripSelect + " WHERE t.id = ?", [id]).map(Store.trip(from:))
            else { return nil }
            if let expectedRevision, expectedRevision != current.revision {
                throw TripChangedError(tripID: id, expected: expectedRevision, found: current.revision)
            }
            if let name = change.name {
                try connection.query("UPDATE trips SET name = ? WHERE id = ?", [name, id])
            }
            if let activities, change.legs == nil {
                try connection.query("UPDATE trips SET activities = ? WHERE id = ?", [activities, id])
                try connection.query("UPDATE trip_legs SET activities = ? WHERE trip_id = ?", [activities, id])
            }
            if let party = change.party {
                try connection.query(
                    "UPDATE trips SET adults = ?, children = json(?) WHERE id = ?",
                    [party.adults, Store.jsonNumbers(party.children), id]
                )
            }
            if let legs = change.legs {
                try connection.query("DELETE FROM trip_legs WHERE trip_id = ?", [id])
                _ = try writeLegs(legs, tripID: id, at: now)
            }
            if change.legs != nil || change.note != nil {
                try connection.query("UPDATE trips SET revision = revision + 1 WHERE id = ?", [id])
            }
            if let note = change.note { try writeChangeNote(note, over: current, at: now) }
            return try connection.first(Store.tripSelect + " WHERE t.id = ?", [id]).map(Store.trip(from:))
                .map { try withLegs($0) }
        }
    }

    /// Records what changed; a note still standing (no list made for the revision it was written at) is
    /// kept in front of the new one.
    private func writeChangeNote(_ note: String, over current: Trip, at now: Date) throws {
        var combined = note
        if let earlier = current.changeNote,
           let packed = try connection.first(
               "SELECT max(trip_revision) AS made FROM packing_lists WHERE trip_id = ?", [current.id]
           )?.optionalInt("made"), packed < current.revision
        {
            // The net change since the list: a date moved twice says where it was and where it is now; a
            // change undone drops out (the list is still out of date: "changed, then changed back").
            combined = ChangeNote.combine(earlier, note) ?? "changed, then changed back"
        }
        if combined.count > 500 { combined = String(combined.prefix(499)) + "…" }
        try connection.query(
            "UPDATE trips SET changed_at = ?, change_note = ? WHERE id = ?",
            [now.timeIntervalSince1970, combined, current.id]
        )
    }

    /// How much goes with a trip when it is deleted: its packing lists and its sessions.
    public func tripFootprint(id: Int) throws -> (lists: Int, sessions: Int) {
        let row = try connection.first(
            """
            SELECT (SELECT count(*) FROM packing_lists WHERE trip_id = ?1) AS lists,
                   (SELECT count(*) FROM sessions WHERE trip_id = ?1) AS sessions
            """,
            [id]
        )
        return (try row?.int("lists") ?? 0, try row?.int("sessions") ?? 0)
    }

    /// Writes the stops (renumbered from 1, places stored) and keeps the trip's own columns in step:
    /// the first stop's destination and place, the first and last day.
    private func writeLegs(_ legs: [TripLeg], tripID: Int, at now: Date) throws -> [TripLeg] {
        var stored: [TripLeg] = []
        for (index, leg) in legs.enumerated() {
            var leg = leg
            leg.position = index + 1
            if let place = leg.place { leg.place?.id = try upsertPlace(place, at: now) }
            try connection.query(
                """
                INSERT INTO trip_legs (trip_id, position, destination, place_id, start_date, end_date, activities)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """,
                [tripID, leg.position, leg.destination, leg.place?.id, leg.start.description, leg.end.description,
                 try Store.jsonArray(leg.activities)]
            )
            stored.append(leg)
        }
        guard let first = stored.first, let last = stored.last else {
            throw StoreError.corruptValue(column: "trip_legs", detail: "a trip has at least one stop")
        }
        try connection.query(
            "UPDATE trips SET destination = ?, place_id = ?, start_date = ?, end_date = ?, activities = ? WHERE id = ?",
            [first.destination, first.place?.id, first.start.description, last.end.description,
             try Store.jsonArray(TripLeg.union(stored)), tripID]
        )
        return stored
    }

    /// The trip with this id, or nil.
    public func trip(id: Int) throws -> Trip? {
        try connection.first(Store.tripSelect + " WHERE t.id = ?", [id]).map(Store.trip(from:)).map { try withLegs($0) }
    }

    /// Every trip, newest first, with whether each has a packing list.
    public func tripSummaries() throws -> [TripSummary] {
        try connection.query(
            Store.tripSelect + " ORDER BY t.created_at DESC, t.id DESC"
        ).map { row in
            TripSummary(
                trip: try withLegs(try Store.trip(from: row)),
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

    /// The trip with its stops read from `trip_legs` when it has more than one (a one-stop trip's leg is
    /// its own row, so `plan list` and `show` of one-place trips make no second query).
    func withLegs(_ trip: Trip) throws -> Trip {
        guard trip.legs.count > 1 else { return trip }
        var trip = trip
        trip.legs = try connection.query(
            """
            SELECT l.position, l.destination, l.start_date, l.end_date, l.activities,
                   p.id AS place_id, p.name AS place_name, p.region, p.country, p.latitude, p.longitude,
                   p.time_zone, p.source, p.source_id, p.population, p.kind
            FROM trip_legs l LEFT JOIN places p ON p.id = l.place_id
            WHERE l.trip_id = ? ORDER BY l.position
            """,
            [trip.id]
        ).map { row in
            var place: Place?
            if let placeID = try row.optionalInt("place_id") {
                place = try Store.place(from: row, id: placeID, name: "place_name")
            }
            guard let start = CalendarDate(try row.string("start_date")), let end = CalendarDate(try row.string("end_date"))
            else { throw StoreError.corruptValue(column: "trip_legs.start_date", detail: "not a date") }
            return TripLeg(
                position: try row.int("position"), destination: try row.string("destination"), place: place,
                start: start, end: end, activities: try Store.strings(row, "activities")
            )
        }
        return trip
    }

    // MARK: - Rows

    static let tripSelect = """
        SELECT t.id, t.name, t.destination, t.start_date, t.end_date, t.activities, t.created_at,
               p.id AS place_id, p.name AS place_name, p.region, p.country, p.latitude, p.longitude,
               p.time_zone, p.source, p.source_id, p.population, p.kind,
               (SELECT max(created_at) FROM packing_lists l WHERE l.trip_id = t.id) AS packed_at,
               (SELECT count(*) FROM trip_legs g WHERE g.trip_id = t.id) AS leg_count, t.changed_at, t.change_note,
               t.revision,
               CASE WHEN t.adults = 1 AND t.children = '[]' THEN NULL ELSE t.adults || ' ' || t.children END AS party
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
        let activities = try strings(row, "activities")
        // One column, NULL for one adult (most trips): `plan list` reads it for every trip.
        let party = try row.optionalString("party").map { try Self.party($0, row: row) } ?? .single
        var trip = Trip(
            id: try row.int("id"), name: try row.string("name"), destination: try row.string("destination"),
            place: place, start: start, end: end, activities: activities,
            createdAt: Date(timeIntervalSince1970: try row.double("created_at")),
            changedAt: try row.optionalDouble("changed_at").map(Date.init(timeIntervalSince1970:)),
            changeNote: try row.optionalString("change_note"), revision: try row.int("revision"), party: party
        )
        // Several stops: placeholders until `withLegs` reads them (only their count matters here).
        let count = try row.int("leg_count")
        if count > 1 { trip.legs = Array(repeating: trip.legs[0], count: count) }
        return trip
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

    /// A column holding a JSON array of text, read by hand (`JSONStrings`).
    static func strings(_ row: Row, _ column: String) throws -> [String] {
        guard let strings = JSONStrings.array(try row.string(column)) else { throw row.damaged(column, "not a JSON array of text") }
        return strings
    }

    /// The party of "2 [8,5,1]" (adults, a space, the ages), checked.
    static func party(_ text: String, row: Row) throws -> TripParty {
        let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
        guard parts.count == 2, let adults = Int(parts[0]), let children = ages(parts[1]) else {  // parses text
            throw row.damaged("party", "not adults and a JSON array of ages")
        }
        let party = TripParty(adults: adults, children: children)
        if let problem = party.problem { throw row.damaged("party", problem) }
        return party
    }

    /// The ages of "[8,5,1]" (as the column stores them: digits and commas), nil for anything else. By
    /// hand, not JSONSerialization: `plan list` reads it for every trip, and most are "[]".
    static func ages(_ text: String) -> [Int]? {
        if text == "[]" { return [] }
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        var ages: [Int] = []
        for part in text.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false) {
            let digits = part.trimming(.whitespaces)
            guard !digits.isEmpty, digits.count <= 3, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let age = Int(digits) else {  // parses text
                return nil
            }
            ages.append(age)
        }
        return ages
    }

    /// "[8,5,1]": ages as a JSON array.
    static func jsonNumbers(_ numbers: [Int]) -> String {
        "[" + numbers.map(String.init).joined(separator: ",") + "]"
    }

    static func jsonArray(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }
}
