import Foundation
import Model
@testable import Store
import Testing

/// A full disk (issue 20), staged portably with SQLite's `max_page_count` pinned to the file's size: the
/// HTTP cache's writes are skipped (a read-only command still shows), the database keeps what it had, and a
/// write that matters still fails as `diskFull` (exit 74).
@Suite struct FullDiskTests {
    static let now = Date(timeIntervalSince1970: 1_800_000_000)

    static func response(_ url: String, bytes: Int) -> CachedResponse {
        CachedResponse(
            url: url, status: 200, contentType: "application/geo+json", body: Data(repeating: 0x61, count: bytes),
            etag: "\"1\"", lastModified: nil, fetchedAt: now, expiresAt: now.addingTimeInterval(600), validatedAt: now
        )
    }

    /// A store with a trip, a session and a cached answer, whose file cannot grow by a single page.
    static func fullStore() async throws -> (TemporaryDatabase, Store, session: Int) {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path, clock: { now })
        let place = Place(name: "Denver", region: "CO", country: "US", latitude: 39.74, longitude: -104.98,
                          timeZone: "America/Denver", source: "typed")
        let start = try #require(CalendarDate("2027-01-10")), end = try #require(CalendarDate("2027-01-12"))
        let trip = try await store.addTrip(NewTrip(name: "Denver", destination: "Denver", place: place, start: start, end: end))
        let session = try await store.createSession(tripID: trip.id, purpose: .pack, model: "m", contextSize: 4096)
        try await store.storeResponse(response("https://api.weather.gov/points/1,2", bytes: 100))
        let pages = try #require(try await store.rows("PRAGMA page_count").first?.int("page_count"))
        _ = try await store.rows("PRAGMA max_page_count = \(pages)")
        return (temp, store, session)
    }

    @Test func aCacheWriteThatFindsTheDiskFullIsSkippedAndChangesNothing() async throws {
        let (_, store, _) = try await Self.fullStore()
        let before = try await store.rows("SELECT url, length(body) AS n, expires_at FROM http_cache ORDER BY url")
        // 256 KB needs new pages: SQLITE_FULL inside the transaction, which is rolled back.
        try await store.storeResponse(Self.response("https://api.weather.gov/gridpoints/BOU/1,2/forecast", bytes: 262_144))
        #expect(try await store.cachedResponse(url: "https://api.weather.gov/gridpoints/BOU/1,2/forecast") == nil)
        // Replacing the stored entry with a bigger body is skipped the same way: the old one stays whole.
        try await store.storeResponse(Self.response("https://api.weather.gov/points/1,2", bytes: 262_144))
        let after = try await store.rows("SELECT url, length(body) AS n, expires_at FROM http_cache ORDER BY url")
        #expect(after.map(\.values) == before.map(\.values))
        #expect(before.count == 1)
        #expect(try await store.integrityCheck() == "ok")
    }

    @Test func aWriteThatMattersStillSaysTheDiskIsFull() async throws {
        let (_, store, session) = try await Self.fullStore()
        let long = String(repeating: "snow in Denver ", count: 20_000)
        do {
            try await store.appendEntry(sessionID: session, kind: "prompt", text: long, tokens: 3)
            Issue.record("a 300 KB entry was written to a file that cannot grow")
        } catch let error as StoreError {
            guard case .diskFull = error else { Issue.record("\(error), not diskFull"); return }
        }
        #expect(try await store.entries(sessionID: session).isEmpty)
    }
}
