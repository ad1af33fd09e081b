import FoundationEssentials
import Model

/// Applies migrations in order, each in its own `BEGIN IMMEDIATE` transaction, and records them.
struct Migrator {
    let migrations: [Migration]
    let clock: @Sendable () -> Date

    /// Brings the database up to the newest migration; refuses a database from a newer schema.
    /// Returns the versions it applied.
    @discardableResult
    func migrate(_ connection: Connection) throws -> [Int] {
        let known = migrations.map(\.version).max() ?? 0
        let current = try connection.pragmaInt("user_version")
        if current > known {
            throw StoreError.newerSchema(found: current, known: known, path: connection.path)
        }
        guard current < known else { return [] }
        var applied: [Int] = []
        for migration in migrations.sorted(by: { $0.version < $1.version }) {
            let didApply = try connection.write { () throws -> Bool in
                // Another process may have migrated while this one waited for the lock.
                let now = try connection.pragmaInt("user_version")
                if now > known {
                    throw StoreError.newerSchema(found: now, known: known, path: connection.path)
                }
                guard now < migration.version else { return false }
                // Read in the same transaction as the version: another process migrating at the same moment
                // moves both together, so only a lowered version shows here.
                try Self.checkNotLowered(connection, current: now)
                try connection.execute("""
                    CREATE TABLE IF NOT EXISTS schema_migrations (
                        version    INTEGER PRIMARY KEY,
                        name       TEXT NOT NULL,
                        applied_at REAL NOT NULL
                    ) STRICT
                    """)
                try connection.execute(migration.sql)
                try connection.query(
                    "INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)",
                    [migration.version, migration.name, clock().timeIntervalSince1970]
                )
                // PRAGMA takes no bound parameters; the version is an integer from our own list.
                try connection.execute("PRAGMA user_version = \(migration.version)")
                try connection.execute("PRAGMA application_id = \(Connection.applicationID)")
                return true
            }
            if didApply { applied.append(migration.version) }
        }
        return applied
    }

    /// A database whose version was lowered below migrations it records as applied would have them run again
    /// ("duplicate column name"): that is damage, said as such, before anything is run. Called inside the
    /// migration's write transaction, with the version read there.
    static func checkNotLowered(_ connection: Connection, current: Int) throws {
        let hasTable = try current > 0 || connection.first("SELECT 1 AS found FROM sqlite_schema WHERE name = 'schema_migrations'") != nil
        guard hasTable,
              let row = try connection.first("SELECT max(version) AS newest FROM schema_migrations"),
              let newest = try row.optionalInt("newest"), newest > current
        else { return }
        throw StoreError.loweredVersion(path: connection.path, found: current, applied: newest)
    }
}
