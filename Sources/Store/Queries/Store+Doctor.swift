import FoundationEssentials
import Model

extension Store {
    /// A row `doctor` could not read: its table, its id and what is wrong with it.
    public struct DamagedRow: Sendable, Equatable {
        public let table: String
        public let id: Int
        public let detail: String
    }

    /// `PRAGMA quick_check`, reporting at most `maximumErrors` problems ("ok" when sound). Unlike
    /// `integrity_check` it skips the index-content cross-check, so its time is bounded by one pass over the file.
    public func quickCheck(maximumErrors: Int = 20) throws -> String {
        let limit = min(max(maximumErrors, 1), 100)
        return try connection.query("PRAGMA quick_check(\(limit))").compactMap { $0.values.first }
            .map { value -> String in
                if case let .text(text) = value { return text }
                return "\(value)"
            }
            .joined(separator: "\n")
    }

    /// Rows that plan cannot read (a kind this binary does not know, a date in year 99999, activities that are
    /// not an array, a number out of range…), at most `limit`, each named by table and id. Every trip, place,
    /// session, packing list and transcript entry is decoded as the commands decode it, one at a time, so
    /// one damaged row is reported instead of failing the whole check. `entryKinds` are the transcript
    /// entries' kinds the application reads (its framework's names); an entry of another kind is damaged.
    public func damagedRows(limit: Int = 20, entryKinds: Set<String> = []) throws -> [DamagedRow] {
        var found: [DamagedRow] = []
        func scan(_ table: String, _ sql: String, _ decode: (Row) throws -> Void) throws {
            for row in try connection.query(sql) where found.count < limit {
                do {
                    try decode(row)
                } catch let error as StoreError {
                    let id: Int
                    if case let .integer(value) = row["id"], let whole = Int(checked: value) { id = whole } else { id = 0 }
                    found.append(DamagedRow(table: table, id: id, detail: error.errorDescription ?? "\(error)"))
                }
            }
        }
        try scan("trips", Store.tripSelect) { _ = try Store.trip(from: $0) }
        try scan("places", "SELECT * FROM places") { row in _ = try Store.place(from: row, id: try row.int("id"), name: "name") }
        try scan("sessions", Store.sessionSelect) { _ = try Store.session(from: $0) }
        try scan("packing_lists", Store.packingListSelect) {
            _ = try Store.packingList(from: $0)
        }
        try scan("transcript_entries", "SELECT id, session_id, seq, kind, tokens, in_context, created_at FROM transcript_entries") { row in
            _ = try row.int("session_id")
            _ = try row.int("seq")
            let kind = try row.string("kind")
            if !entryKinds.isEmpty, !entryKinds.contains(kind) { throw row.damaged("kind", "unknown value \"\(kind.prefix(40))\"") }
            _ = try row.count("tokens")
            _ = try row.double("created_at")
        }
        return found
    }
}
