import FoundationEssentials
import Model

extension Store {
    // MARK: - Place lookups

    /// The stored answer for a looked-up key, fresh or not.
    public func placeLookup(key: String) throws -> PlaceLookup? {
        guard let row = try connection.first(
            """
            SELECT l.key, l.alternatives, l.looked_up_at, l.expires_at,
                   p.id AS place_id, p.name, p.region, p.country, p.latitude, p.longitude, p.time_zone,
                   p.source, p.source_id, p.population, p.kind
            FROM place_lookups l JOIN places p ON p.id = l.place_id
            WHERE l.key = ?
            """,
            [key]
        ) else { return nil }
        let alternatives: [Place]
        do {
            alternatives = try JSONDecoder().decode([Place].self, from: Data(utf8: try row.string("alternatives")))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.corruptValue(column: "place_lookups.alternatives", detail: "not a list of places")
        }
        return PlaceLookup(
            key: try row.string("key"), place: try Store.place(from: row, id: try row.int("place_id"), name: "name"),
            alternatives: alternatives,
            lookedUpAt: Date(timeIntervalSince1970: try row.double("looked_up_at")),
            expiresAt: Date(timeIntervalSince1970: try row.double("expires_at"))
        )
    }

    /// Stores what `key` resolved to (the place in `places`, the lookup beside it), replacing an older answer.
    /// Returns the lookup with the place's row id.
    @discardableResult
    public func savePlaceLookup(
        key: String, place: Place, alternatives: [Place], lifetime: TimeInterval
    ) throws -> PlaceLookup {
        let now = clock()
        let encoded: String
        do {
            encoded = String(decoding: try JSONEncoder().encode(alternatives), as: UTF8.self)
        } catch {
            throw StoreError.corruptValue(column: "place_lookups.alternatives", detail: "cannot encode the places")
        }
        return try connection.write {
            var stored = place
            stored.id = try upsertPlace(place, at: now)
            try connection.query(
                """
                INSERT INTO place_lookups (key, place_id, alternatives, looked_up_at, expires_at)
                VALUES (?, ?, ?, ?, ?)
                ON CONFLICT (key) DO UPDATE SET
                    place_id = excluded.place_id, alternatives = excluded.alternatives,
                    looked_up_at = excluded.looked_up_at, expires_at = excluded.expires_at
                """,
                [key, stored.id, encoded, now.timeIntervalSince1970, now.addingTimeInterval(lifetime).timeIntervalSince1970]
            )
            return PlaceLookup(
                key: key, place: stored, alternatives: alternatives, lookedUpAt: now,
                expiresAt: now.addingTimeInterval(lifetime)
            )
        }
    }

    // MARK: - Request slots for rate-limited services

    /// Reserves the next moment `service` may be asked, at least `spacing` seconds after the last request any
    /// process reserved and not before a time the service asked for (Retry-After). Returns how many seconds
    /// from `now` the caller must wait before sending (0 when it may send at once). A wait longer than
    /// `maximumWait` reserves nothing: the caller should give up.
    public func reserveRequestSlot(
        service: String, spacing: TimeInterval, maximumWait: TimeInterval, now: Date
    ) throws -> TimeInterval {
        try connection.write {
            let row = try connection.first(
                "SELECT last_request_at, not_before FROM service_slots WHERE service = ?", [service]
            )
            let now = now.timeIntervalSince1970
            var slot = now
            if let row {
                // A time further ahead than plan would ever wait (a run with the clock a year ahead, a
                // crafted 1e300) is stale, not a reason to refuse every later lookup.
                let horizon = now + Store.longestHonouredWait
                let last = try row.double("last_request_at") + spacing
                let notBefore = try row.double("not_before")
                slot = max(slot, last.isFinite && last <= horizon ? last : now,
                           notBefore.isFinite && notBefore <= horizon ? notBefore : now)
            }
            guard slot - now <= maximumWait else { return slot - now }
            try connection.query(
                """
                INSERT INTO service_slots (service, last_request_at) VALUES (?, ?)
                ON CONFLICT (service) DO UPDATE SET last_request_at = excluded.last_request_at
                """,
                [service, slot]
            )
            return slot - now
        }
    }

    /// The longest a stored request slot or Retry-After may lie ahead of now: further is stale (a minute).
    public static let longestHonouredWait: TimeInterval = 60

    /// Records that `service` asked not to be asked again before `date` (a 429's Retry-After; the transport
    /// keeps it within `longestHonouredWait`, and a later one is stale when read).
    public func deferRequests(to service: String, until date: Date) throws {
        try connection.write {
            try connection.query(
                """
                INSERT INTO service_slots (service, last_request_at, not_before) VALUES (?, 0, ?)
                ON CONFLICT (service) DO UPDATE SET not_before = max(not_before, excluded.not_before)
                """,
                [service, date.timeIntervalSince1970]
            )
        }
    }

    // MARK: - Rows

    /// A place from a row holding the `places` columns (`name` may be aliased).
    static func place(from row: Row, id: Int, name: String) throws -> Place {
        let kindText = try row.string("kind")
        guard let kind = PlaceKind(rawValue: kindText) else {
            throw StoreError.corruptValue(column: "places.kind (place \(id))", detail: "unknown kind '\(kindText.prefix(40))'")
        }
        // Texts longer than plan stores are cut on reading; coordinates out of range are a damaged row.
        let limit = Place.maximumTextLength
        return Place(
            id: id, name: try row.string(name, limit: limit), region: try row.string("region", limit: limit),
            country: try row.string("country", limit: 40), latitude: try row.double("latitude", in: -90...90),
            longitude: try row.double("longitude", in: -180...180),
            timeZone: try row.string("time_zone", limit: Place.maximumCodeLength),
            source: try row.string("source", limit: Place.maximumCodeLength),
            sourceID: try row.optionalString("source_id").map { Place.bounded($0, Place.maximumCodeLength) },
            population: try row.optionalInt("population"), kind: kind
        )
    }
}
