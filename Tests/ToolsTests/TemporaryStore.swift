import Foundation
import Model
import Store

/// A fresh database in its own temporary folder for one test, removed when the value goes away.
final class TemporaryStore {
    let folder: URL
    let store: Store

    init(clock: @escaping @Sendable () -> Date = { Date() }) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "plan-tools-\(UUID().uuidString)")
        store = try Store(path: folder.appending(path: "plan.sqlite").path, clock: clock)
    }

    deinit {
        try? FileManager.default.removeItem(at: folder)
    }

    /// How many responses the HTTP cache holds.
    func cachedEntryCount() async throws -> Int {
        try await store.rows("SELECT count(*) AS n FROM http_cache").first?.int("n") ?? -1
    }
}
