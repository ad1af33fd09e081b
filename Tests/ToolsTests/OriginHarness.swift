import Foundation
import Model
import Store
import TestSupport
import Tools

/// One test's world for the cache's RFC 9111 behaviour: a scripted origin (`Tests/Fixtures/cache/origin_server.py`)
/// whose every answer the test writes, a fresh database, and a clock the test moves by hand.
final class OriginHarness {
    let server: LoopbackServer
    let database: TemporaryStore
    let clock: TestClock

    init() throws {
        server = try LoopbackServer(script: "cache/origin_server.py")
        clock = TestClock()
        database = try TemporaryStore(clock: clock.function)
    }

    var store: Store { database.store }

    func url(_ path: String) -> URL { server.baseURL.appending(path: path) }

    /// An answer for `script`: a status, header fields in order (a value `["date": seconds]` is now + seconds
    /// as an HTTP-date) and a body.
    static func answer(_ status: Int = 200, _ headers: [(String, Any)] = [], body: String = "body") -> [String: Any] {
        ["status": status, "headers": headers.map { [$0.0, $0.1] }, "body": body]
    }

    /// An answer that closes the connection without a word.
    static var close: [String: Any] { ["close": true] }

    /// The answers `path` gives, one per GET (the last repeats).
    func script(_ path: String, _ answers: [[String: Any]]) async throws {
        try await server.control("_control/script", body: ["path": "/" + path, "responses": answers])
    }

    /// The header fields (lower-case names) of each request the origin saw, oldest first.
    func requests() async throws -> [[String: String]] {
        let log = try await server.control("_control/requests")["requests"] as? [[String: Any]] ?? []
        return log.map { $0["headers"] as? [String: String] ?? [:] }
    }

    func client(mode: FetchMode = .normal) -> HTTPClient {
        HTTPClient(
            store: store, transport: CurlTransport(timeout: 10),
            configuration: HTTPClient.Configuration(userAgent: "plan-tests/1.0", maxAttempts: 2, baseDelay: 0),
            mode: mode, clock: clock.function, sleep: { _ in }
        )
    }

    /// `HTTPClient.fetch` of `path`: whatever answered, any status.
    func fetch(_ path: String, kind: ResourceKind = .alerts, mode: FetchMode = .normal) async throws -> FetchedResponse {
        try await client(mode: mode).fetch(url(path), service: "origin", kind: kind, accept: "*/*")
    }

    /// The stored response for `path`.
    func stored(_ path: String) async throws -> CachedResponse? {
        try await store.cachedResponse(url: url(path).absoluteString)
    }
}
