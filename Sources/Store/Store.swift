import CSQLite
import Foundation

/// plan's database: one SQLite file holding trips, places, the HTTP cache, pinned forecasts,
/// sessions and their transcripts. The actor owns the connection; everything it hands out is `Sendable`.
public actor Store {
    /// The database file.
    public nonisolated let path: String
    let connection: Connection
    let clock: @Sendable () -> Date
    /// Cache counters not yet written: a hit costs no write transaction.
    let counters: CacheCounters

    /// Opens the database at `path`, creating it (mode 0600, folders included) and migrating it as needed.
    public init(path: String, clock: @escaping @Sendable () -> Date = { Date() }) throws {
        try Store.prepareFile(at: path)
        let connection: Connection
        let mode: String
        do {
            (connection, mode) = try Store.openConnection(path)
        } catch let StoreError.sqlite(code, _, _) where code & 0xFF == SQLITE_NOTADB {
            throw StoreError.notAPlanDatabase(path: path)
        } catch let StoreError.sqlite(code, _, _) where code & 0xFF == SQLITE_CORRUPT {
            throw StoreError.damaged(path: path)
        }
        guard mode.lowercased() == "wal" else {
            throw StoreError.cannotOpen(path: path, reason: "could not switch to WAL journaling (got \(mode))")
        }
        try Migrator(migrations: Migration.embedded, clock: clock).migrate(connection)
        Store.tightenPermissions(of: path)
        self.path = path
        self.connection = connection
        self.counters = CacheCounters(connection: connection)
        self.clock = clock
    }

    /// Opens the connection, checks the file is ours and switches it to WAL. Several processes opening a new
    /// file at once can meet where SQLite answers SQLITE_BUSY at once instead of waiting (a shared lock that
    /// must become exclusive to change the journal mode, while another process holds one too): the open is
    /// then tried again, a few milliseconds later, for up to 10 s, like the busy timeout.
    static func openConnection(_ path: String) throws -> (Connection, String) {
        let deadline = Date().addingTimeInterval(10)
        var pause: UInt32 = 5_000
        while true {
            do {
                let connection = try Connection(path: path)
                try checkOwnership(connection)
                return (connection, try connection.pragmaText("journal_mode = WAL"))
            } catch let error as StoreError where error.isBusy && Date() < deadline {
                usleep(pause + UInt32.random(in: 0...pause))
                pause = min(pause * 2, 100_000)
            }
        }
    }

    // MARK: - Facts about the file

    /// The schema version (`PRAGMA user_version`).
    public func schemaVersion() throws -> Int {
        try connection.pragmaInt("user_version")
    }

    /// Versions recorded in `schema_migrations`, in order.
    public func appliedMigrations() throws -> [Int] {
        try connection.query("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int("version") }
    }

    /// `PRAGMA integrity_check` ("ok" when sound).
    public func integrityCheck() throws -> String {
        try connection.query("PRAGMA integrity_check").compactMap { $0.values.first }
            .map { value -> String in
                if case let .text(text) = value { return text }
                return "\(value)"
            }
            .joined(separator: "\n")
    }

    /// The journal mode in force ("wal").
    public func journalMode() throws -> String {
        try connection.pragmaText("journal_mode")
    }

    /// Runs arbitrary read-only SQL (for tests and `doctor`). Parameters are bound.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        try connection.query(sql, values)
    }

    // MARK: - Opening

    private static func prepareFile(at path: String) throws {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw StoreError.cannotOpen(path: path, reason: "it is a folder")
            }
            // /dev/null, a fifo or a socket: SQLite would open it and make a journal beside it.
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw StoreError.notARegularFile(path: path)
            }
            Store.tightenPermissions(of: path)
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty, !manager.fileExists(atPath: folder) {
            do {
                try manager.createDirectory(
                    atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
                )
            } catch {
                throw StoreError.cannotOpen(path: path, reason: "cannot create the folder \(folder)")
            }
        }
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor < 0 {
            let code = errno
            if code == EEXIST { return }
            throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
        close(descriptor)
    }

    /// Takes group and other permissions off the database and its -wal and -shm, whenever plan opens
    /// them (the file may predate plan, or have been copied in with 0644). Bits are only ever removed:
    /// a symlink's target is tightened, never loosened; a file plan does not own is left as it is.
    static func tightenPermissions(of path: String) {
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let mode = info.st_mode & 0o7777
            let tightened = mode & 0o700
            if tightened != mode {
                _ = chmod(file, tightened)
            }
        }
    }

    private static func checkOwnership(_ connection: Connection) throws {
        // One statement, so both are read from one snapshot: two separate reads could see the id before
        // another process's first migration committed and the tables after it.
        let row = try connection.first(
            "SELECT (SELECT application_id FROM pragma_application_id) AS id, (SELECT count(*) FROM sqlite_master) AS n"
        )
        let applicationID = try row?.int("id") ?? 0
        let objects = try row?.int("n") ?? 0
        if applicationID == Int(Connection.applicationID) { return }  // widening: Int32 to Int
        if applicationID == 0 && objects == 0 { return }
        throw StoreError.notAPlanDatabase(path: connection.path)
    }
}
