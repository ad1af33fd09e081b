import Foundation
import Model
import Store
import TestSupport
import Tools

/// One test's world for the HTTP client: the weather stand-in on its own port, a fresh database,
/// and a clock the test moves by hand.
final class HTTPHarness {
    static let userAgent = "plan-tests/1.0 (tests@example.com)"

    let services: WeatherServices
    let database: TemporaryStore
    let clock: TestClock

    /// `anchor` is the stand-in's first forecast day (YYYY-MM-DD; the machine's date when nil).
    init(forecastMaxAge: Int? = nil, anchor: String? = nil) async throws {
        services = try WeatherServices(anchor: anchor, forecastMaxAge: forecastMaxAge)
        clock = TestClock()
        database = try TemporaryStore(clock: clock.function)
    }

    var store: Store { database.store }

    /// A client against the stand-in; backoff sleeps are skipped.
    func client(mode: FetchMode = .normal, timeout: TimeInterval = 10, maxAttempts: Int = 2) -> HTTPClient {
        HTTPClient(
            store: store, transport: CurlTransport(timeout: timeout),
            configuration: HTTPClient.Configuration(userAgent: Self.userAgent, maxAttempts: maxAttempts, baseDelay: 0),
            mode: mode, clock: clock.function, sleep: { _ in }
        )
    }

    /// Denver's gridpoint forecast on the stand-in.
    var forecastURL: URL { services.url.appending(path: "gridpoints/BOU/63,62/forecast") }

    /// Denver's `/points` lookup on the stand-in.
    var pointURL: URL { services.url.appending(path: "points/39.7392,-104.9847") }

    /// GETs a forecast the way ForecastService does.
    func getForecast(
        _ client: HTTPClient, url: URL? = nil, accepts: @Sendable (Data) -> Bool = { _ in true }
    ) async throws -> FetchedResponse {
        try await client.get(
            url ?? forecastURL, service: "NWS", kind: .forecast, accept: "application/geo+json", accepts: accepts
        )
    }

    /// Whether a body is JSON at all (the check a caller passes as `accepts`).
    static let isJSON: @Sendable (Data) -> Bool = { (try? JSONSerialization.jsonObject(with: $0)) != nil }

    /// Requests the stand-in has served, oldest first.
    func log() async throws -> [LoggedRequest] {
        try await services.requestLog().map(LoggedRequest.init)
    }
}
