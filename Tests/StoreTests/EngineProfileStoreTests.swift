import Foundation
import Model
@testable import Store
import Testing

/// Issue 32: an engine profile (its window above all) is kept per base URL and model name: after a
/// 32,768-token model, a 2,048-token model on the same Ollama ran with 32,768.
@Suite struct EngineProfileStoreTests {
    static let ollama = "http://127.0.0.1:11434"

    @Test func eachModelOnOneServerKeepsItsOwnProfile() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        try await store.saveEngineProfile(baseURL: Self.ollama, model: "big", json: #"{"kind":"ollama","contextSize":32768}"#, lifetime: 3_600)
        #expect(try await store.engineProfile(baseURL: Self.ollama, model: "small") == nil)
        #expect(try await store.engineProfile(baseURL: Self.ollama, model: "") == nil)
        try await store.saveEngineProfile(baseURL: Self.ollama, model: "small", json: #"{"kind":"ollama","contextSize":2048}"#, lifetime: 3_600)
        #expect(try await store.engineProfile(baseURL: Self.ollama, model: "big")?.contains("32768") == true)
        #expect(try await store.engineProfile(baseURL: Self.ollama, model: "small")?.contains("2048") == true)
    }

    @Test func aProfileLearntBeforeTheKeyChangedIsKeptForTheServersOwnModel() async throws {
        let temp = TemporaryDatabase()
        try FileManager.default.createDirectory(
            atPath: (temp.path as NSString).deletingLastPathComponent, withIntermediateDirectories: true
        )
        do {
            let connection = try Connection(path: temp.path)
            try Migrator(migrations: Migration.embedded.filter { $0.version < 15 }, clock: { Date() }).migrate(connection)
            try connection.execute("""
                INSERT INTO engine_profiles (base_url, profile, learnt_at, expires_at)
                VALUES ('\(Self.ollama)', '{"kind":"ollama","contextSize":8192}', 0, 1e12);
                """)
        }
        let store = try Store(path: temp.path)
        #expect(try await store.schemaVersion() >= 15)
        // Read back as the profile of the server's own model (no PLAN_MODEL_NAME), not of any named one.
        #expect(try await store.engineProfile(baseURL: Self.ollama, model: "")?.contains("8192") == true)
        #expect(try await store.engineProfile(baseURL: Self.ollama, model: "big") == nil)
    }

    /// Issue 41: `plan doctor --forget` drops every profile of one server (each model, expired or not) and
    /// says what the live ones had learnt; another server's stay.
    @Test func forgettingAServerDropsEachOfItsProfilesAndNoOther() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        try await store.saveEngineProfile(baseURL: Self.ollama, model: "big", json: #"{"kind":"ollama","contextSize":32768}"#, lifetime: 3_600)
        try await store.saveEngineProfile(baseURL: Self.ollama, model: "old", json: #"{"kind":"ollama"}"#, lifetime: 0)
        try await store.saveEngineProfile(baseURL: "http://gpu:8000", model: "", json: #"{"kind":"vllm"}"#, lifetime: 3_600)
        #expect(try await store.forgetEngineProfiles(baseURL: Self.ollama) == [#"{"kind":"ollama","contextSize":32768}"#])
        #expect(try await store.rows("SELECT base_url FROM engine_profiles").map { try $0.string("base_url") } == ["http://gpu:8000"])
        #expect(try await store.forgetEngineProfiles(baseURL: Self.ollama).isEmpty)
    }
}
