import FoundationEssentials
import CSQLite
import Model

extension StoreError {
    /// The error for a failed sqlite3 call: the storage problems a user can act on get their own case
    /// (full disk, read-only file, I/O failure, a file that cannot be opened); the rest stay `.sqlite`.
    static func from(code: Int32, message: String, path: String, sql: String?) -> StoreError {
        switch code & 0xFF {
        case SQLITE_FULL: return .diskFull(path: path)
        case SQLITE_READONLY: return .readOnly(path: path)
        case SQLITE_IOERR: return .ioFailure(path: path, detail: message)
        case SQLITE_CANTOPEN: return .cannotOpen(path: path, reason: "the file, or its -wal or -shm beside it, cannot be opened")
        case SQLITE_ERROR where isSchemaMismatch(message):
            // plan's own SQL names only tables and columns its migrations made: one missing is a damaged file.
            return .damagedSchema(path: path, detail: String(message.prefix(120)))
        default: return .sqlite(code: code, message: message, sql: sql)
        }
    }

    /// Whether a failed statement is a wait for another process's lock that a cancelled task gave up
    /// (`BusyWait`): the cancellation, not the store's error.
    static func isCancelledWait(_ code: Int32) -> Bool {
        (code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_INTERRUPT) && Task.isCancelled
    }

    /// SQLite's words for plan's SQL meeting a schema it does not match ("no such table: trips").
    static func isSchemaMismatch(_ message: String) -> Bool {
        ["no such table", "no such column", "duplicate column name", "table ", "index "].contains { prefix in
            prefix.hasSuffix(" ") ? message.hasPrefix(prefix) && message.hasSuffix("already exists") : message.hasPrefix(prefix)
        }
    }

    /// The same, reading the message and the file name from the connection.
    static func from(code: Int32, database: OpaquePointer, sql: String?) -> StoreError {
        let message = String(cString: sqlite3_errmsg(database))
        let path = sqlite3_db_filename(database, "main").map { String(cString: $0) } ?? ""
        return from(code: code, message: message, path: path.isEmpty ? "the database" : path, sql: sql)
    }
}
