import FoundationEssentials
import Model

/// One numbered schema change from `Migrations/`, compiled into the binary by the EmbedMigrations plugin.
public struct Migration: Sendable, Equatable {
    /// The number in the file name (`0001_initial.sql` → 1).
    public let version: Int
    /// The rest of the file name (`initial`).
    public let name: String
    /// The SQL, run as one script in its own transaction.
    public let sql: String

    public init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

    /// The newest schema version this binary knows.
    public static var latestVersion: Int {
        embedded.map(\.version).max() ?? 0
    }
}
