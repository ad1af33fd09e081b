import Foundation
import Model
@testable import Store
import Testing

/// Why the writing connection keeps `trusted_schema` on and checks the schema's text instead (issue 20,
/// docs/architecture.md, "Schema objects"; the comment in `Connection.init`). Each test pins one part of
/// the reason with real SQLite, so a SQLite that changes one fails here and says the choice can be revisited.
@Suite struct TrustedSchemaTests {
    /// A plan database with one trip and one session, closed.
    static func planDatabase() async throws -> (TemporaryDatabase, Int) {
        let temp = try await HostileDatabaseTests.planDatabase()
        let store = try Store(path: temp.path)
        let session = try await store.createSession(tripID: 1, purpose: .pack, model: "m", contextSize: 4096)
        return (temp, session)
    }

    @Test func sqliteRefusesPlansOwnFullTextTriggersUnderTrustedSchemaOff() async throws {
        let (temp, session) = try await Self.planDatabase()
        do {
            try RawSQLite.execute(temp.path, """
                PRAGMA trusted_schema = OFF;
                INSERT INTO transcript_entries (session_id, seq, kind, text, tokens, in_context, created_at)
                VALUES (\(session), 0, 'prompt', 'snow in Denver', 3, 1, 1);
                """)
            Issue.record("SQLite wrote a transcript entry under trusted_schema=OFF: the writing connection could now set it")
        } catch let failure as RawSQLite.Failure {
            // SQLite 3.40 (Debian 12) already refuses the json_valid() in the tables' CHECKs ("malformed database
            // schema (trips) - unsafe use of json_valid()"); from 3.41 JSON is innocuous and the FTS5 trigger
            // is what is refused ("unsafe use of virtual table").
            #expect(failure.description.contains("unsafe use of"), "\(failure)")
        }
        // With it on (plan's writing connection), the same insert runs and the index has the entry.
        let store = try Store(path: temp.path)
        try await store.appendEntry(sessionID: session, kind: "prompt", text: "snow in Denver", tokens: 3)
        #expect(try await store.search("snow").count == 1)
    }

    @Test func aPlainSQLTriggerRunsEvenUnderTrustedSchemaOff() async throws {
        // The finding's attack (a trigger that deletes another trip) uses no function and no virtual table:
        // trusted_schema=OFF would not have stopped it. The text check does.
        let (temp, _) = try await Self.planDatabase()
        let proof = temp.folder.appending(path: "proof.sqlite").path
        try RawSQLite.execute(temp.path, "PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: temp.path, toPath: proof)
        // (On a table whose CHECKs use no JSON, so that SQLite 3.40 accepts the write under OFF.)
        try RawSQLite.execute(proof, """
            CREATE TRIGGER evil AFTER INSERT ON counters BEGIN DELETE FROM trips; END;
            PRAGMA trusted_schema = OFF;
            INSERT INTO counters (name, value) VALUES ('cache.hit', 1);
            CREATE TABLE proof AS SELECT count(*) AS n FROM trips;
            """)
        let left = try ReadOnlyDatabase(path: proof)
        let rows = try await left.rows("SELECT n FROM proof")
        #expect(try rows.first?.int("n") == 0, "the trigger did not run under trusted_schema=OFF")

        try RawSQLite.execute(temp.path, "CREATE TRIGGER evil AFTER INSERT ON counters BEGIN DELETE FROM trips; END;")
        let before = RawSQLite.fingerprint(temp.path)
        #expect(throws: StoreError.foreignSchemaObject(path: temp.path, kind: "trigger", name: "evil")) {
            _ = try Store(path: temp.path)
        }
        #expect(RawSQLite.fingerprint(temp.path) == before)
    }

    @Test func aCraftedTriggerOnTheFullTextIndexIsRefusedBeforeItRuns() async throws {
        // What trusted_schema=OFF would have refused (a virtual table used from a trigger) is refused by the
        // text check too, before any statement runs: the index keeps its rows, the file its bytes.
        let (temp, session) = try await Self.planDatabase()
        do {
            let store = try Store(path: temp.path)
            try await store.appendEntry(sessionID: session, kind: "prompt", text: "snow in Denver", tokens: 3)
        }
        try RawSQLite.execute(temp.path, """
            CREATE TRIGGER wipe AFTER INSERT ON sessions BEGIN
                INSERT INTO transcript_fts (transcript_fts) VALUES ('delete-all');
            END;
            """)
        let before = RawSQLite.fingerprint(temp.path)
        #expect(throws: StoreError.foreignSchemaObject(path: temp.path, kind: "trigger", name: "wipe")) {
            _ = try Store(path: temp.path)
        }
        #expect(RawSQLite.fingerprint(temp.path) == before)
    }

    @Test func readingConnectionsDistrustTheSchemaAndTheWritingOneChecksIt() async throws {
        let (temp, _) = try await Self.planDatabase()
        let reader = try ReadOnlyDatabase(path: temp.path)
        #expect(try await reader.rows("PRAGMA trusted_schema").first?.int("trusted_schema") == 0)
        // Reading under OFF works on plan's schema (only writes run its CHECKs): completion reads trips this way.
        #expect(try await reader.rows("SELECT count(*) AS n FROM trips").first?.int("n") == 1)
        // On, for plan's own FTS5 triggers (the first test); every trigger and view was checked at open.
        let store = try Store(path: temp.path)
        #expect(try await store.rows("PRAGMA trusted_schema").first?.int("trusted_schema") == 1)
        let objects = try await store.rows("SELECT sql FROM sqlite_master WHERE type IN ('trigger', 'view')")
        #expect(!objects.isEmpty)
        for object in objects {
            #expect(SchemaObjects.isPlans(try object.string("sql")))
        }
    }
}
