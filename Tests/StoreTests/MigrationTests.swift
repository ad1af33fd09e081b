import Foundation
import Model
@testable import Store
import Testing

@Suite struct MigrationTests {
    @Test func freshDatabaseIsCreatedMigratedAndMarked() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        #expect(try await store.schemaVersion() == Migration.latestVersion)
        #expect(try await store.appliedMigrations() == Migration.embedded.map(\.version))
        #expect(try await store.journalMode() == "wal")
        #expect(try await store.integrityCheck() == "ok")
        let appID = try await store.rows("PRAGMA application_id").first?.values.first
        #expect(appID == .integer(Int64(Connection.applicationID)))
        let attributes = try FileManager.default.attributesOfItem(atPath: temp.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }

    @Test func migrationsApplyOnceAcrossReopens() async throws {
        let temp = TemporaryDatabase()
        _ = try Store(path: temp.path)
        let again = try Store(path: temp.path)
        let recorded = try await again.rows("SELECT count(*) AS n FROM schema_migrations")
        #expect(try recorded.first?.int("n") == Migration.embedded.count)
    }

    @Test func theFirstMigrationCreatesTheWholeSchema() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let names = try await store.rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger')")
            .map { try $0.string("name") }
        for table in ["places", "trips", "http_cache", "forecast_snapshots", "sessions", "transcript_entries",
                      "transcript_fts", "packing_lists", "counters", "transcript_entries_ai",
                      "transcript_entries_ad", "transcript_entries_au"] {
            #expect(names.contains(table), "missing \(table)")
        }
        let strict = try await store.rows("SELECT sql FROM sqlite_master WHERE name = 'trips'")
        #expect(try strict.first?.string("sql").contains("STRICT") == true)
    }

    @Test func aNewerSchemaIsRefused() async throws {
        let temp = TemporaryDatabase()
        _ = try Store(path: temp.path)
        let raw = try Connection(path: temp.path)
        try raw.execute("PRAGMA user_version = 99")
        #expect(throws: StoreError.newerSchema(found: 99, known: Migration.latestVersion, path: temp.path)) {
            _ = try Store(path: temp.path)
        }
    }

    @Test func anotherProgramsDatabaseIsRefused() async throws {
        let temp = TemporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (temp.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        let raw = try Connection(path: temp.path)
        try raw.execute("CREATE TABLE notes (body TEXT)")
        #expect(throws: StoreError.notAPlanDatabase(path: temp.path)) {
            _ = try Store(path: temp.path)
        }
    }

    @Test func aFileThatIsNotSQLiteIsRefused() throws {
        let temp = TemporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (temp.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: temp.path))
        #expect(throws: StoreError.notAPlanDatabase(path: temp.path)) {
            _ = try Store(path: temp.path)
        }
    }

    @Test func aBrokenMigrationRollsBackWhole() throws {
        let temp = TemporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (temp.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        let connection = try Connection(path: temp.path)
        let migrations = [
            Migration(version: 1, name: "good", sql: "CREATE TABLE a (x INTEGER) STRICT;"),
            Migration(version: 2, name: "bad", sql: "CREATE TABLE b (x INTEGER) STRICT; INSERT INTO nowhere VALUES (1);"),
        ]
        let migrator = Migrator(migrations: migrations, clock: { Date() })
        #expect(throws: StoreError.self) { try migrator.migrate(connection) }
        #expect(try connection.pragmaInt("user_version") == 1)
        let tables = try connection.query("SELECT name FROM sqlite_master WHERE type = 'table'").map { try $0.string("name") }
        #expect(tables.contains("a"))
        #expect(!tables.contains("b"))
    }
}
