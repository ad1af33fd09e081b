import FoundationEssentials
import Model

extension Store {
    // MARK: - What changed, whichever process changed it

    /// Each trip's stamp: its revision, name, dates, party and when it changed, its newest list and its newest
    /// tick or own item (a change of stops, dates or activities counts in the revision). A stamp differs when anything a trip's resource shows has changed. Cheap when nothing
    /// did: while neither another connection (`PRAGMA data_version`) nor this one (`total_changes`) has written,
    /// the last answer is given again without reading the tables.
    public func tripStamps() throws -> [Int: String] {
        let gate = [try connection.pragmaInt("data_version"), connection.totalChanges]
        if let last = lastTripStamps, last.gate == gate { return last.stamps }
        var stamps: [Int: String] = [:]
        for row in try connection.query("""
            SELECT t.id, t.revision, t.name, t.start_date, t.end_date, t.changed_at,
                   (SELECT max(p.id) FROM packing_lists p WHERE p.trip_id = t.id) AS list_id,
                   (SELECT max(c.id) FROM list_changes c WHERE c.trip_id = t.id) AS change_id,
                   t.adults || ':' || t.children AS party
            FROM trips t
            """) {
            let parts: [String] = [
                String(try row.int("revision")), try row.string("name"), try row.string("start_date"), try row.string("end_date"),
                (try row.optionalDouble("changed_at")).map { String($0) } ?? "-",
                (try row.optionalInt("list_id")).map(String.init) ?? "-", (try row.optionalInt("change_id")).map(String.init) ?? "-",
                try row.string("party"),
            ]
            stamps[try row.int("id")] = parts.joined(separator: "|")
        }
        lastTripStamps = (gate, stamps)
        return stamps
    }
}
