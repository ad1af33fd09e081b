import Foundation
import HTTPCore
import LanguageModels
import Model
import Store
import TestSupport
@testable import Tools

/// One test's world for online geocoding: the stand-ins (Open-Meteo geocoding at `/v1/search`, Nominatim at
/// `/nominatim/search`), a fresh database, the offline gazetteer, and a transport that counts what it sends.
final class GeocodingHarness {
    static let userAgent = "plan-tests/1.0 (tests@example.com)"
    /// The gazetteer is read-only and its connection is owned by an actor, so tests share one.
    static let gazetteer: Gazetteer? = try? Gazetteer(path: Gazetteer.defaultPath())

    let services: WeatherServices
    let database: TemporaryStore
    let clock: TestClock
    let transport: CountingTransport

    init(services: WeatherServices? = nil, clock: TestClock = TestClock()) throws {
        self.services = try services ?? WeatherServices()
        self.clock = clock
        database = try TemporaryStore(clock: clock.function)
        transport = CountingTransport(base: CurlTransport(timeout: 10))
    }

    var store: Store { database.store }

    /// An online geocoder over this harness's store (or `store`), with real sleeps for Nominatim's spacing and
    /// none between retries.
    func online(mode: FetchMode = .normal, store: Store? = nil, maxAttempts: Int = 2) -> OnlineGeocoder {
        OnlineGeocoder(
            store: store ?? self.store, transport: transport,
            configuration: HTTPClient.Configuration(userAgent: Self.userAgent, maxAttempts: maxAttempts, baseDelay: 0),
            mode: mode, openMeteoBase: services.url, nominatimBase: services.url.appending(path: "nominatim"),
            gazetteer: Self.gazetteer, clock: clock.function,
            sleep: { seconds in try? await Task.sleep(nanoseconds: UInt64(max(0, seconds) * 1_000_000_000)) }
        )
    }

    func resolver(mode: FetchMode = .normal) -> PlaceResolver {
        PlaceResolver(gazetteer: Self.gazetteer, online: online(mode: mode))
    }

    /// Rows in a table of the test's database.
    func count(_ table: String) async throws -> Int {
        try await store.rows("SELECT count(*) AS n FROM \(table)").first?.int("n") ?? -1
    }

    /// The stand-in's log entries for a path (e.g. `/nominatim/search`): query and arrival time.
    func arrivals(_ path: String) async throws -> [(query: String, time: Double, status: Int?)] {
        try await services.requestLog().compactMap { entry in
            guard entry["path"] as? String == path, let time = entry["time"] as? Double else { return nil }
            return (entry["query"] as? String ?? "", time, entry["status"] as? Int)
        }
    }
}

/// Counts the requests that go through it (the stand-in is shared between parallel tests, its total is not).
final class CountingTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: `sent` is only read and written while holding `lock`.
    private let base: any HTTPTransport
    private let lock = NSLock()
    private var sent = 0

    init(base: any HTTPTransport) {
        self.base = base
    }

    var count: Int { lock.withLock { sent } }

    func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
        lock.withLock { sent += 1 }
        return try await base.send(request, limits: limits)
    }
}

/// Great-circle distance in kilometres.
func kilometres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
    let radians = Double.pi / 180
    let dLat = (b.0 - a.0) * radians
    let dLon = (b.1 - a.1) * radians
    let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.0 * radians) * cos(b.0 * radians) * sin(dLon / 2) * sin(dLon / 2)
    return 6_371 * 2 * atan2(sqrt(h), sqrt(1 - h))
}
