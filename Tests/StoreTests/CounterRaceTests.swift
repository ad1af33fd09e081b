import Foundation
import Model
@testable import Store
import Testing

/// The cache's hit counters under concurrent stores on one file (issue 20): racing flushes lose no count,
/// and a flush behind a long writer gives up within its bound, keeping its counts for a later try.
@Suite struct CounterRaceTests {
    static let url = "https://api.weather.gov/points/39.7392,-104.9847"

    static func prepared() async throws -> TemporaryDatabase {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let now = Date()
        try await store.storeResponse(CachedResponse(
            url: url, status: 200, contentType: nil, body: Data("{}".utf8), etag: nil, lastModified: nil,
            fetchedAt: now, expiresAt: now.addingTimeInterval(600), validatedAt: now
        ))
        return temp
    }

    static func totals(_ path: String) async throws -> (hits: Int, entry: Int) {
        let store = try Store(path: path)
        let hits = try await store.rows("SELECT coalesce((SELECT value FROM counters WHERE name = 'cache.hit'), 0) AS n")
        let entry = try await store.rows("SELECT hits AS n FROM http_cache WHERE url = ?", [.text(url)])
        return (try hits.first?.int("n") ?? -1, try entry.first?.int("n") ?? -1)
    }

    @Test func racingStoresLoseNoCount() async throws {
        let temp = try await Self.prepared()
        let path = temp.path
        let rounds = 25
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    let store = try Store(path: path)
                    for _ in 0..<rounds {
                        try await store.count("cache.hit", url: Self.url)
                        try await store.flushCounters(waitingAtMost: .seconds(1))
                    }
                }
            }
            try await group.waitForAll()
        }
        let totals = try await Self.totals(path)
        #expect(totals.hits == 4 * rounds && totals.entry == 4 * rounds, "\(totals)")
    }

    @Test func aFlushBehindALongWriterGivesUpInTimeAndKeepsItsCounts() async throws {
        let temp = try await Self.prepared()
        let store = try Store(path: temp.path)
        try await store.count("cache.hit", url: Self.url, times: 3)
        let holder = try Connection(path: temp.path)
        try holder.execute("BEGIN IMMEDIATE")
        await #expect(throws: StoreError.self) { try await store.flushCounters(waitingAtMost: .milliseconds(300)) }
        try holder.execute("ROLLBACK")
        // By the busy handler's schedule (a loaded machine's clock would measure the test's own scheduling):
        // it gave up at its bound, not the 10 s every other statement waits.
        let waited = store.busyWait.lastWaitMilliseconds
        #expect(waited > 0 && waited <= 300, "waited \(waited) ms for a 300 ms bound")
        // Kept in memory: the next flush (the lock free) writes them, once.
        try await store.flushCounters()
        try await store.flushCounters()
        let totals = try await Self.totals(temp.path)
        #expect(totals.hits == 3 && totals.entry == 1, "\(totals)")
    }
}
