import FoundationEssentials
import Basics
import CSQLite
import Glibc
import Model

/// plan's database: one SQLite file holding trips, places, the HTTP cache, pinned forecasts,
/// sessions and their transcripts. The actor owns the connection; everything it hands out is `Sendable`.
public actor Store {
    /// The database file.
    public nonisolated let path: String
    let connection: Connection
    let clock: @Sendable () -> Date
    /// Cache counters not yet written: a hit costs no write transaction.
    let counters: CacheCounters
    /// The file as `OpenDatabaseFiles` knows it, while this store has it open.
    private let openFile: OpenDatabaseFiles.Identity?
    /// The thread every call on this store runs on, so SQLite's waits never hold a cooperative thread.
    private nonisolated let executor: DatabaseExecutor
    /// The connection's wait for another process's lock, read without the store (whose thread may be in it).
    nonisolated let busyWait: BusyWait
    /// `tripStamps()`'s last answer and the write counters it was read at.
    var lastTripStamps: (gate: [Int], stamps: [Int: String])?

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
        // Only now is the file known to be plan's: permissions are never touched on a foreign one.
        Store.tightenPermissions(of: path)
        self.path = path
        self.connection = connection
        self.counters = CacheCounters(connection: connection)
        self.clock = clock
        guard let executor = DatabaseExecutor.started() else {
            throw StoreError.cannotOpen(path: path, reason: "the system would not start a thread for it (too many threads?)")
        }
        self.executor = executor
        self.busyWait = connection.busyWait
        self.openFile = OpenDatabaseFiles.opened(path)
    }

    deinit {
        OpenDatabaseFiles.closed(openFile)
        executor.stop()
    }

    /// This store's own serial executor: its thread (issue 42, step 4).
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Whether the caller runs on this store's own thread (for tests).
    var isOnItsOwnThread: Bool { executor.isCurrent }

    /// Opens the connection, checks the file is ours and switches it to WAL. Several processes opening a new
    /// file at once can meet where SQLite answers SQLITE_BUSY at once instead of waiting (a shared lock that
    /// must become exclusive to change the journal mode, while another process holds one too): the open is
    /// then tried again, a few milliseconds later, for up to 10 s, like the busy timeout.
    static func openConnection(_ path: String) throws -> (Connection, String) {
        let deadline = Date().addingTimeInterval(10)
        // Read before the first attempt, which may leave a partly grown -shm behind.
        let lacksSharedMemory = sharedMemoryIsEmpty(path)
        var pause: UInt32 = 5_000
        while true {
            do {
                let connection = try Connection(path: path)
                try checkOwnership(connection)
                return (connection, try connection.pragmaText("journal_mode = WAL"))
            } catch StoreError.ioFailure where lacksSharedMemory {
                return try openWithoutSharedMemory(path)
            } catch let error as StoreError where error.isBusy && Date() < deadline {
                usleep(pause + UInt32.random(in: 0...pause))
                pause = min(pause * 2, 100_000)
            }
        }
    }

    /// The open of a WAL database whose -shm cannot be made (a full disk, a file-size limit): SQLite then keeps
    /// the WAL index in memory, which it does only in exclusive locking mode set before the first read. This
    /// process holds the file alone until it closes it (a `show` or a `list`: moments); its reads work, and a
    /// write fails as a full disk's does.
    /// Whether the -shm beside the database is absent or shorter than one 32 KB region of the WAL index (SQLite
    /// has to make or grow it before the first read; a process that uses it has grown it to a region at least,
    /// and a shorter one is what an attempt to grow it on a full disk leaves).
    static func sharedMemoryIsEmpty(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-shm", &info) != 0 || info.st_size < 32_768
    }

    static func openWithoutSharedMemory(_ path: String) throws -> (Connection, String) {
        let connection = try Connection(path: path, exclusive: true)
        try checkOwnership(connection)
        return (connection, try connection.pragmaText("journal_mode = WAL"))
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
        var isDirectory = false
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory {
                throw StoreError.cannotOpen(path: path, reason: "it is a folder")
            }
            // /dev/null, a fifo or a socket: SQLite would open it and make a journal beside it.
            var info = stat()
            guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                throw StoreError.notARegularFile(path: path)
            }
            try Store.checkHeader(of: path)
            return
        }
        let folder = PathText.folder(of: path)
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
        let user = geteuid()
        for file in [path, path + "-wal", path + "-shm"] {
            var info = stat()
            // Only the current user's own files: root never chmods another user's file through PLAN_DB.
            guard stat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == user else { continue }
            let mode = info.st_mode & 0o7777
            let tightened = mode & 0o700
            if tightened != mode {
                _ = chmod(file, tightened)
            }
        }
    }

    private static func checkOwnership(_ connection: Connection) throws {
        // One statement, so all are read from one snapshot: two separate reads could see the id before
        // another process's first migration committed and the tables after it.
        let row = try connection.first(
            """
            SELECT (SELECT application_id FROM pragma_application_id) AS id, (SELECT count(*) FROM sqlite_master) AS n,
                   (SELECT json_group_array(json_array(type, name, coalesce(sql, ''))) FROM sqlite_master
                    WHERE type IN ('trigger', 'view')) AS objects
            """
        )
        let applicationID = try row?.int("id") ?? 0
        let objects = try row?.int("n") ?? 0
        if applicationID == Int(Connection.applicationID) {  // widening: Int32 to Int
            try checkSchemaObjects(try row?.optionalString("objects"), path: connection.path)
            return
        }
        if applicationID == 0 && objects == 0 { return }
        throw StoreError.notAPlanDatabase(path: connection.path)
    }

    /// Every trigger and view must be one plan's migrations created, text for text (`SchemaObjects`).
    static func checkSchemaObjects(_ json: String?, path: String) throws {
        guard let json, json != "[]" else { return }
        guard let list = JSONStrings.table(json) else {
            throw StoreError.damaged(path: path)
        }
        for object in list where object.count == 3 {
            if !SchemaObjects.isPlans(object[2]) {
                throw StoreError.foreignSchemaObject(path: path, kind: object[0], name: object[1])
            }
        }
    }

    /// Reads the file's first 100 bytes before SQLite opens it, so a file that is not plan's gets no
    /// journal, no -wal and no -shm beside it. A file with no -wal beside it has an authoritative
    /// header: another application's id, or tables without plan's id, make it foreign. An empty file, or one
    /// with a -wal (a plan database whose header the WAL may update), is left for SQLite to decide.
    static func checkHeader(of path: String) throws {
        // Read when the file was first opened; a descriptor of our own now would drop SQLite's locks.
        if OpenDatabaseFiles.isOpen(path) { return }
        guard let header = FileBytes.read(path, limit: 100) else { return }
        if header.isEmpty { return }
        guard header.count == 100, header.starts(with: Array("SQLite format 3\u{0}".utf8)) else {
            throw StoreError.notAPlanDatabase(path: path)
        }
        if FileManager.default.fileExists(atPath: path + "-wal") { return }
        let applicationID = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }  // widening: bytes, big-endian
        if applicationID == UInt32(bitPattern: Connection.applicationID) { return }
        let rawPageSize = header[16..<18].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }  // widening: bytes, big-endian
        let pageSize = rawPageSize == 1 ? 65_536 : Int(rawPageSize)  // widening: UInt32 to Int
        var info = stat()
        let size = stat(path, &info) == 0 ? Int(info.st_size) : 0  // widening: off_t is Int
        if applicationID != 0 || size > pageSize {
            throw StoreError.notAPlanDatabase(path: path)
        }
    }
}
