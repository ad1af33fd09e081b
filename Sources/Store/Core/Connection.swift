import FoundationEssentials
import CSQLite
import Model

/// One SQLite connection with plan's settings. Not `Sendable`: `Store` owns it.
final class Connection {
    private let handle: OpaquePointer
    /// The wait for another process's lock (the busy handler's state).
    let busyWait: BusyWait
    let path: String
    private var cache: [String: Statement] = [:]

    /// The `application_id` that marks a file as a plan database ('plan' in ASCII).
    static let applicationID: Int32 = 0x706C_616E

    /// How long a statement waits for another process's lock unless told otherwise: 10 s.
    static let defaultBusyMilliseconds: Int32 = 10_000

    /// Opens (creating when missing) the database at `path`, in WAL mode with plan's pragmas.
    /// `exclusive`: exclusive locking mode from the first statement on (SQLite then keeps a WAL database's
    /// index in memory and never makes the -shm: `Store.openWithoutSharedMemory`).
    init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(10), exclusive: Bool = false) throws {
        var db: OpaquePointer?
        let flags = readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &db, flags, nil)
        guard code == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(db)
            throw StoreError.from(code: code, message: message, path: path, sql: nil)
        }
        self.handle = db
        self.path = path
        busyWait = BusyWait(milliseconds: Int32(clamping: busyTimeout.components.seconds * 1000))
        try check(busyWait.install(on: db), sql: "busy_handler")
        try check(sqlite3_extended_result_codes(db, 1), sql: "extended_result_codes")
        // Before any statement that reads the schema (`synchronous` below does): set later, it is too late.
        if exclusive { try execute("PRAGMA locking_mode = EXCLUSIVE") }
        if readOnly {
            // Functions and virtual tables named in the file's own schema are not run on its say-so.
            try execute("PRAGMA trusted_schema = OFF")
        }
        if !readOnly {
            // trusted_schema stays on here, for precise reasons (TrustedSchemaTests pins them with real SQLite):
            // - OFF, SQLite refuses plan's own schema: on SQLite 3.40 (Debian 12) the json_valid() in the
            //   tables' CHECKs ("malformed database schema (trips) - unsafe use of json_valid()"), and from
            //   3.41, where JSON is innocuous, the full-text triggers (transcript_entries_ai/ad/au write into
            //   the FTS5 table, not an innocuous virtual table: "unsafe use of virtual table").
            // - OFF would not stop the attack that matters: a plain-SQL trigger (DELETE FROM trips) uses no
            //   function and no virtual table, and runs under OFF.
            // - What OFF adds is refusing non-innocuous functions and virtual tables in schema text. plan
            //   registers no SQL functions; this SQLite's non-innocuous built-ins are the JSON functions (no
            //   side effects) and load_extension (refused: plan never enables extension loading); virtual
            //   tables are reached only from triggers and views (CHECK, DEFAULT, generated columns and index
            //   expressions take no subqueries), which the text check covers.
            // So Store.checkOwnership checks every trigger and view against the migrations' own text
            // (SchemaObjects) before any statement touches a table: anything else is refused, exit 65.
            // Closing does not checkpoint the WAL: a command's small write (a cached show's hit counters)
            // then costs no fsync at exit. The WAL is folded in by SQLite's automatic checkpoint (1,000 pages).
            try check(csqlite_no_checkpoint_on_close(db), sql: "SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE")
            try execute("PRAGMA foreign_keys = ON")
            try execute("PRAGMA synchronous = NORMAL")
        }
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    // MARK: - Running SQL

    /// Runs one or more statements that take no parameters and return nothing of interest.
    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        if code != SQLITE_OK {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            if StoreError.isCancelledWait(code) { throw CancellationError() }
            throw StoreError.from(code: code, message: text, path: path, sql: sql)
        }
    }

    /// Runs a statement with bound parameters and returns its rows.
    @discardableResult
    func query(_ sql: String, _ values: [any SQLBindable] = []) throws -> [Row] {
        let statement = try prepared(sql)
        try statement.bind(values)
        return try statement.rows()
    }

    /// Runs a statement and returns its first row, if any.
    func first(_ sql: String, _ values: [any SQLBindable] = []) throws -> Row? {
        try query(sql, values).first
    }

    /// The rowid of the last successful insert on this connection.
    var lastInsertID: Int {
        Int(sqlite3_last_insert_rowid(handle))  // widening: Int64 is Int on 64-bit Linux
    }

    /// Rows changed by every statement of this connection since it opened (`PRAGMA data_version` counts other
    /// connections' commits; this, its own).
    var totalChanges: Int {
        Int(sqlite3_total_changes64(handle))  // widening: Int64 is Int on 64-bit Linux
    }

    /// Rows changed by the last statement.
    var changes: Int {
        Int(sqlite3_changes(handle))  // widening: Int32 to Int
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back when it throws.
    @discardableResult
    func write<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            if sqlite3_get_autocommit(handle) == 0 {
                try? execute("ROLLBACK")
            }
            throw error
        }
    }

    /// How long a statement waits for another process's lock (0: not at all, SQLITE_BUSY at once).
    func setBusyTimeout(milliseconds: Int32) {
        busyWait.milliseconds = milliseconds
    }

    // MARK: - Pragmas

    func pragmaInt(_ name: String) throws -> Int {
        guard let row = try first("PRAGMA \(name)"), let value = row.values.first else {
            throw StoreError.corruptValue(column: name, detail: "pragma returned nothing")
        }
        if case let .integer(number) = value, let whole = Int(checked: number) { return whole }
        throw StoreError.corruptValue(column: name, detail: "pragma returned \(value)")
    }

    func pragmaText(_ name: String) throws -> String {
        guard let row = try first("PRAGMA \(name)"), case let .text(value)? = row.values.first else {
            throw StoreError.corruptValue(column: name, detail: "pragma returned no text")
        }
        return value
    }

    // MARK: - Private

    private func prepared(_ sql: String) throws -> Statement {
        if let statement = cache[sql] { return statement }
        let statement = try Statement(database: handle, sql: sql)
        cache[sql] = statement
        return statement
    }

    private func check(_ code: Int32, sql: String) throws {
        guard code == SQLITE_OK else {
            throw StoreError.from(code: code, database: handle, sql: sql)
        }
    }
}

@available(*, unavailable, message: "A connection belongs to one Store; pass Sendable values instead.")
extension Connection: Sendable {}
