import CSQLite
import Foundation

/// SQL run on a database file behind plan's back (a crafted or damaged file for a hostile-input test):
/// a plain connection, no plan pragmas, no checks.
enum RawSQLite {
    struct Failure: Error, CustomStringConvertible { let description: String }

    static func execute(_ path: String, _ sql: String) throws {
        var db: OpaquePointer?
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK, let db else {
            throw Failure(description: "cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        var message: UnsafeMutablePointer<CChar>?
        if sqlite3_exec(db, sql, nil, nil, &message) != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? "?"
            sqlite3_free(message)
            throw Failure(description: text)
        }
    }

    /// The file's bytes and those of its -wal (a missing -wal counts as an empty one), to show that nothing changed.
    static func fingerprint(_ path: String) -> [Data] {
        [path, path + "-wal"].map { FileManager.default.contents(atPath: $0) ?? Data() }
    }
}
