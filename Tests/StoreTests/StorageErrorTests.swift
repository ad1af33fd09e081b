import Foundation
import Model
@testable import Store
import Testing

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

    /// `cache stats` and `cache prune` judge each entry as a read does (`CacheFreshness`) with its own kind's
    /// lifetime: a climate archive fetched 100 days ago and good for a year stays (the old global 90-day cap
    /// dropped every one); a forecast a server called good "forever" is expired two days after it was
    /// validated (its kind's cap is a day; stats called it unexpired); an entry stored before lifetimes were
    /// kept is judged by the longest (a year).
    @Test func statsAndPruneJudgeEachEntryByItsKindsLifetime() async throws {
        let database = TemporaryDatabase()
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let store = try Store(path: database.path, clock: { now })
        let day: TimeInterval = 86_400
        let entries: [(url: String, validated: TimeInterval, expires: TimeInterval, lifetime: TimeInterval?)] = [
            ("climate-100-days", -100 * day, 265 * day, 365 * day),
            ("forecast-forever", -2 * day, .infinity, day),
            ("forecast-fresh", -600, 3_000, day),
            ("alerts-old", -3_600, 60, 900),
            ("older-plan-forever", -400 * day, .infinity, nil),
            ("older-plan-recent", -10 * day, .infinity, nil),
        ]
        for entry in entries {
            let validated = now.addingTimeInterval(entry.validated)
            try await store.storeResponse(CachedResponse(
                url: entry.url, status: 200, contentType: nil, body: Data("{}".utf8), etag: nil, lastModified: nil,
                fetchedAt: validated, expiresAt: now.addingTimeInterval(entry.expires), validatedAt: validated
            ), maximumLifetime: entry.lifetime)
        }
        let statistics = try await store.cacheStatistics()
        #expect(statistics.entries == 6)
        #expect(statistics.expired == 3, "\(statistics)")
        let pruned = try await store.pruneCache()
        #expect(pruned.entries == 3)
        #expect(pruned.bytes == 6)
        for kept in ["climate-100-days", "forecast-fresh", "older-plan-recent"] {
            #expect(try await store.cachedResponse(url: kept) != nil, "\(kept) was pruned")
        }
        for gone in ["forecast-forever", "alerts-old", "older-plan-forever"] {
            #expect(try await store.cachedResponse(url: gone) == nil, "\(gone) was kept")
        }
        #expect(try await store.cacheStatistics().expired == 0)
    }

    @Test func aSessionErrorIsStoredAsOneShortLine() {
        let line = Store.errorLine(String(repeating: "broken\n\r", count: 10_000))
        #expect(line.count <= Store.maximumErrorLength)
        #expect(!line.contains("\n") && !line.contains("\r"))
    }
}
