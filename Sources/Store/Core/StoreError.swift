import FoundationEssentials
import Model

/// What can go wrong in the database layer.
public enum StoreError: Error, LocalizedError, Sendable, Equatable {
    /// An sqlite3 call failed: its result code, SQLite's message and the SQL involved.
    case sqlite(code: Int32, message: String, sql: String?)
    /// The file is not a `plan` database (another program's SQLite file, or not SQLite at all).
    case notAPlanDatabase(path: String)
    /// The database was written by a newer `plan` whose schema this binary does not know.
    case newerSchema(found: Int, known: Int, path: String)
    /// The database folder or file could not be created or opened.
    case cannotOpen(path: String, reason: String)
    /// SQLite found the file damaged ("database disk image is malformed").
    case damaged(path: String)
    /// A stored value did not have the expected shape.
    case corruptValue(column: String, detail: String)
    /// The disk holding the database is full (SQLITE_FULL): nothing was saved.
    case diskFull(path: String)
    /// The database (or its folder, or its -wal/-shm) cannot be written (SQLITE_READONLY).
    case readOnly(path: String)
    /// PLAN_DB names something that is not a regular file (a device such as /dev/null, a fifo, a socket).
    case notARegularFile(path: String)
    /// Reading or writing the file failed (SQLITE_IOERR: a failing disk, a vanished -wal).
    case ioFailure(path: String, detail: String)
    /// The database holds a trigger or view plan's migrations did not create: plan will not run it.
    case foreignSchemaObject(path: String, kind: String, name: String)
    /// The database's tables do not match its schema version: a table or column is missing, or the version
    /// was lowered below migrations already applied (`detail` says which).
    case damagedSchema(path: String, detail: String)
    /// The schema version (`user_version`) was lowered below the newest migration the file records as applied.
    case loweredVersion(path: String, found: Int, applied: Int)

    public var errorDescription: String? {
        switch self {
        case let .sqlite(code, message, _):
            // The SQL stays in the value for debugging; users get SQLite's words only.
            return "database error \(code): \(message)."
        case let .notAPlanDatabase(path):
            return "\(path) is not a plan database."
        case let .newerSchema(found, known, path):
            return "\(path) was written by a newer plan (schema \(found); this plan knows up to \(known))."
        case let .cannotOpen(path, reason):
            return "cannot open the database at \(path): \(reason)"
        case let .corruptValue(column, detail):
            return "unexpected value in \(column): \(detail)"
        case let .damaged(path):
            return "the database \(path) is damaged."
        case let .diskFull(path):
            return "the disk holding \(path) is full; nothing was saved."
        case let .readOnly(path):
            return "the database \(path) is read-only; nothing was saved."
        case let .notARegularFile(path):
            return "\(path) is not a regular file (a device, fifo or socket), so it cannot hold a database."
        case let .ioFailure(path, detail):
            return "reading or writing the database \(path) failed (\(detail))."
        case let .foreignSchemaObject(path, kind, name):
            return "\(path) holds a \(kind) '\(name.prefix(80))' that plan did not create; it was not run."
        case let .damagedSchema(path, detail):
            return "the database \(path) is damaged: its tables do not match its schema version (\(detail))."
        case let .loweredVersion(path, found, applied):
            return "the database \(path) is damaged: its schema version says \(found), but migration \(applied) was applied."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case let .sqlite(code, _, _):
            if code == 5 || code == 6 {
                return "Another plan is busy with the database; try again in a moment."
            }
            if code & 0xFF == 13 {
                return "The disk is full; free some space and try again."
            }
            if code & 0xFF == 11 || code & 0xFF == 26 {
                return "The database file is damaged; restore a backup or point PLAN_DB at another file."
            }
            return nil
        case .notAPlanDatabase:
            return "Point PLAN_DB at a plan database, or at a path where a new one can be created."
        case .newerSchema:
            return "Upgrade plan, or point PLAN_DB at another database file."
        case .cannotOpen:
            return "Check that the folder exists and is writable, or set PLAN_DB to another path."
        case .corruptValue:
            return "Run `plan doctor` to list the damaged rows; fix or delete them with sqlite3, or restore a backup."
        case .damaged:
            return "Restore a backup, or try `sqlite3 <file> .recover > dump.sql`; PLAN_DB can point at a new file meanwhile."
        case .diskFull:
            return "Free some space on that disk and run the command again."
        case .readOnly:
            return "Make the file, its folder and its -wal/-shm files writable, or set PLAN_DB to another path."
        case .notARegularFile:
            return "Set PLAN_DB to a file path (a new file is created there)."
        case .ioFailure:
            return "Check the disk and the -wal/-shm files beside the database; PLAN_DB can point at another file."
        case .damagedSchema:
            return "Restore a backup, or move the file aside and let plan make a new one."
        case let .loweredVersion(path, _, applied):
            return "If nothing else was changed: sqlite3 '\(path.prefix(200))' 'PRAGMA user_version = \(applied)'; else restore a backup."
        case let .foreignSchemaObject(_, kind, name):
            return "If you added it, drop it (sqlite3 \"$PLAN_DB\" 'DROP \(kind.uppercased()) \"\(name.prefix(80))\"'); else restore a backup."
        }
    }

    /// True when a write broke a foreign key: the row it points at (a trip) was removed meanwhile
    /// (SQLITE_CONSTRAINT_FOREIGNKEY).
    public var isForeignKeyViolation: Bool {
        if case let .sqlite(code, _, _) = self { return code == 787 }
        return false
    }

    /// True when SQLite found the file damaged or not a database at all (SQLITE_CORRUPT, SQLITE_NOTADB).
    public var isDamagedFile: Bool {
        if case let .sqlite(code, _, _) = self { return code & 0xFF == 11 || code & 0xFF == 26 }
        return false
    }

    /// True when SQLite said the database was busy or locked.
    public var isBusy: Bool {
        if case let .sqlite(code, _, _) = self { return code & 0xFF == 5 || code & 0xFF == 6 }
        return false
    }
}
