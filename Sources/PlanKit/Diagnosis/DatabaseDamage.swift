import FoundationEssentials
import Store

/// What `plan doctor` reads of a database too damaged to use: the error every command would fail with, the
/// schema version against the migrations the file records and the newest this plan knows, and plan's tables
/// that are missing.
public struct DatabaseDamage: Sendable {
    public let path: String
    /// The error a command on this database fails with (exit 65: what is wrong, how to recover).
    public let error: any Error
    /// `PRAGMA user_version`, when it could be read.
    public var version: Int?
    /// The migrations `schema_migrations` records.
    public var applied: [Int] = []
    /// plan's tables the file lacks.
    public var missing: [String] = []

    /// The newest migration this plan knows.
    public static var knownVersion: Int { Migration.latestVersion }

    /// The tables every plan database has.
    public static let planTables = [
        "trips", "trip_legs", "places", "http_cache", "forecast_snapshots", "sessions", "transcript_entries",
        "packing_lists", "list_changes", "preference_changes", "traveller_settings", "engine_profiles", "trip_settings",
        "place_lookups", "notices_shown", "trip_links",
    ]

    /// A database damaged beyond opening: its schema does not match its version, or the file is not one.
    static func isDamage(_ error: StoreError) -> Bool {
        switch error {
        case .damagedSchema, .loweredVersion, .damaged, .corruptValue: return true
        default: return error.isDamagedFile
        }
    }

    /// What can be read of the file at `path` without opening it as plan does (read-only, nothing migrated).
    static func read(path: String, error: any Error) async -> DatabaseDamage {
        var damage = DatabaseDamage(path: path, error: error)
        if let file = try? ReadOnlyDatabase(path: path) {
            damage.version = try? await file.rows("SELECT user_version AS v FROM pragma_user_version").first?.int("v")
            damage.applied = (try? await file.rows("SELECT version AS v FROM schema_migrations ORDER BY version"))?
                .compactMap { try? $0.int("v") } ?? []
            let tables = Set((try? await file.rows("SELECT name AS n FROM sqlite_schema WHERE type = 'table'"))?
                .compactMap { try? $0.string("n") } ?? [])
            damage.missing = planTables.filter { !tables.contains($0) }
        }
        return damage
    }
}
