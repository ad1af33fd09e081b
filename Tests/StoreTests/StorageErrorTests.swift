import Foundation
import Testing
@testable import Store

/// Storage problems named, permissions tightened, prune past any cap.
@Suite struct StorageErrorTests {
    @Test func aDeviceIsNotADatabaseAndGetsNoJournal() {
        #expect(throws: StoreError.notARegularFile(path: "/dev/null")) { try Store(path: "/dev/null") }
        #expect(!FileManager.default.fileExists(atPath: "/dev/null-journal"))
    }

    @Test func sqliteCodesBecomeNamedErrorsWithoutSQL() {
        #expect(StoreError.from(code: 13, message: "database or disk is full", path: "/p", sql: "INSERT") == .diskFull(path: "/p"))
        #expect(StoreError.from(code: 8, message: "readonly", path: "/p", sql: "INSERT") == .readOnly(path: "/p"))
        #expect(StoreError.from(code: 10 | (4 << 8), message: "disk I/O error", path: "/p", sql: nil)
            == .ioFailure(path: "/p", detail: "disk I/O error"))
        let other = StoreError.sqlite(code: 1, message: "no such table: x", sql: "SELECT * FROM x")
        #expect(other.errorDescription?.contains("SELECT") == false)
    }

    @Test func anExistingLooseDatabaseIsTightenedOnOpen() throws {
        let database = TemporaryDatabase()
        _ = try Store(path: database.path)
        #expect(chmod(database.path, 0o644) == 0)
        _ = try Store(path: database.path)
        var info = stat()
        #expect(stat(database.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
    }

    @Test func pruneDropsEntriesPastAnyLifetime() async throws {
        let database = TemporaryDatabase()
        let store = try Store(path: database.path, clock: { Date(timeIntervalSince1970: 1_700_000_000) })
        let base = Date(timeIntervalSince1970: 1_700_000_000)
        for (url, expiry) in [("forever", Date(timeIntervalSince1970: .infinity)), ("fresh", base.addingTimeInterval(600))] {
            try await store.storeResponse(CachedResponse(
                url: url, status: 200, contentType: nil, body: Data("{}".utf8), etag: nil, lastModified: nil,
                fetchedAt: base, expiresAt: expiry, validatedAt: base
            ))
        }
        let pruned = try await store.pruneCache()
        #expect(pruned.entries == 1)
        #expect(try await store.cachedResponse(url: "forever") == nil)
        #expect(try await store.cachedResponse(url: "fresh") != nil)
    }

    @Test func aSessionErrorIsStoredAsOneShortLine() {
        let line = Store.errorLine(String(repeating: "broken\n\r", count: 10_000))
        #expect(line.count <= Store.maximumErrorLength)
        #expect(!line.contains("\n") && !line.contains("\r"))
    }
}
