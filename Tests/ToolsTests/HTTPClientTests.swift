import Foundation
import TestSupport
import Testing
@testable import Tools

/// The HTTP client through Store's cache, against the live loopback stand-in.
@Suite struct HTTPClientTests {
    /// Dates read back from SQLite (seconds since 1970 as REAL) may differ from the written ones in the
    /// last bits: Date keeps seconds since 2001.
    func sameInstant(_ a: Date, _ b: Date) -> Bool {
        abs(a.timeIntervalSince(b)) < 0.001
    }

    /// The stand-in's forecast `max-age`.
    static let forecastMaxAge: TimeInterval = 300

    /// Past the stand-in's `max-age`, so a cached forecast is validated.
    static let pastForecastLifetime = forecastMaxAge + 60

    // MARK: - Reading through the cache

    @Test func aSecondGetWithinTheLifetimeMakesNoRequest() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        let first = try await harness.getForecast(client)
        #expect(first.origin == .network)
        #expect(try await harness.services.requestCount() == 1)

        let second = try await harness.getForecast(client)
        #expect(second.origin == .cache)
        #expect(second.body == first.body)
        #expect(sameInstant(second.fetchedAt, first.fetchedAt))
        #expect(try await harness.services.requestCount() == 1)

        let statistics = try await harness.store.cacheStatistics()
        #expect(statistics.entries == 1)
        #expect(statistics.hits == 1)
        #expect(statistics.misses == 1)
        #expect(statistics.networkRequests == 1)
    }

    @Test func theServersMaxAgeIsTheLifetimeThenTheCopyIsValidated() async throws {
        // The stand-in says max-age=300: fresh for that (no request), then validated.
        let harness = try await HTTPHarness(forecastMaxAge: 300)
        let client = harness.client()
        _ = try await harness.getForecast(client)
        let cached = try #require(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString))
        #expect(abs(cached.expiresAt.timeIntervalSince(cached.fetchedAt) - Self.forecastMaxAge) <= 1.5, "less its Date-based age")
        #expect(cached.lastModified != nil)
        #expect(cached.etag == nil)
        #expect(cached.status == 200)
        #expect(cached.header("cache-control") == "public, max-age=300")
        #expect(cached.contentType?.hasPrefix("application/geo+json") == true)

        harness.clock.advance(by: 200)
        #expect(try await harness.getForecast(client).origin == .cache)
        #expect(try await harness.services.requestCount() == 1)
        harness.clock.advance(by: 101)
        #expect(try await harness.getForecast(client).origin == .revalidated)
        #expect(try await harness.services.requestCount() == 2)
    }

    @Test func anExpiredEntryIsRevalidatedWithIfModifiedSince() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        let first = try await harness.getForecast(client)
        let stored = try #require(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString))

        harness.clock.advance(by: Self.pastForecastLifetime)
        let second = try await harness.getForecast(client)
        #expect(second.origin == .revalidated)
        #expect(second.body == first.body)
        #expect(sameInstant(second.fetchedAt, first.fetchedAt), "a 304 keeps the body's fetch time")

        let log = try await harness.log()
        #expect(log.count == 2)
        #expect(log.last?.ifModifiedSince == stored.lastModified)
        #expect(log.last?.ifModifiedSince != nil)
        #expect(log.last?.status == 304)

        // The 304 refreshed the entry. (Whether it is fresh again depends on the 304's Date, which the stand-in
        // takes from the real clock, behind the test's moved one: CacheConformanceTests checks that part.)
        let refreshed = try #require(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString))
        #expect(sameInstant(refreshed.validatedAt, harness.clock.now))
        #expect(refreshed.header("Cache-Control") == "public, max-age=300")
        #expect(try await harness.store.cacheStatistics().revalidated == 1)
    }

    @Test func aChangedResourceIsFetchedAgainOnRevalidation() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        let first = try await harness.getForecast(client)
        let before = try #require(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString))

        try await harness.services.touch("/gridpoints/BOU")
        harness.clock.advance(by: Self.pastForecastLifetime)
        let second = try await harness.getForecast(client)
        #expect(second.origin == .network)
        #expect(second.body != first.body)
        #expect(sameInstant(second.fetchedAt, harness.clock.now))

        let log = try await harness.log()
        #expect(log.map(\.status) == [200, 200])
        #expect(log.last?.ifModifiedSince == before.lastModified)
        let after = try #require(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString))
        #expect(after.lastModified != before.lastModified)
        #expect(after.body == second.body)
        #expect(try await harness.store.cacheStatistics().entries == 1)
    }

    @Test func freshModeRevalidatesAFreshEntry() async throws {
        let harness = try await HTTPHarness()
        _ = try await harness.getForecast(harness.client())
        let forced = try await harness.getForecast(harness.client(mode: .fresh))
        #expect(forced.origin == .revalidated)
        let log = try await harness.log()
        #expect(log.count == 2)
        #expect(log.last?.ifModifiedSince != nil)
        #expect(log.last?.status == 304)
    }

    // MARK: - Offline

    @Test func offlineModeServesTheCacheWhateverItsAge() async throws {
        let harness = try await HTTPHarness()
        let fetched = try await harness.getForecast(harness.client())
        let offline = harness.client(mode: .offline)

        let fresh = try await harness.getForecast(offline)
        #expect(fresh.origin == .cache)
        #expect(fresh.body == fetched.body)
        let counted = try await harness.store.cacheStatistics()
        #expect(counted.hits == 1)
        #expect(counted.stale == 0)

        harness.clock.advance(by: 2 * 86_400)
        let old = try await harness.getForecast(offline)
        #expect(old.origin == .offline)
        #expect(old.body == fetched.body)
        #expect(abs(old.age(at: harness.clock.now) - 2 * 86_400) < 0.001)
        #expect(try await harness.services.requestCount() == 1)
    }

    @Test func offlineModeWithNothingCachedFailsWithoutARequest() async throws {
        let harness = try await HTTPHarness()
        await #expect(throws: ServiceError.offline(service: "NWS")) {
            _ = try await harness.getForecast(harness.client(mode: .offline))
        }
        #expect(try await harness.services.requestCount() == 0)
        #expect(try await harness.database.cachedEntryCount() == 0)
    }

    // MARK: - Failures

    @Test func errorResponsesAreNeverCached() async throws {
        let harness = try await HTTPHarness()
        // The stand-in's 500 carries max-age=86400: a trap for caches that store errors.
        try await harness.services.fault("/gridpoints", mode: "500")
        await #expect(throws: ServiceError.unavailable(service: "NWS", reason: "HTTP 500 Unexpected Problem")) {
            _ = try await harness.getForecast(harness.client(maxAttempts: 2))
        }
        #expect(try await harness.services.requestCount() == 2, "5xx is retried up to maxAttempts")
        #expect(try await harness.database.cachedEntryCount() == 0)
        #expect(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString) == nil)
    }

    @Test func aSingle500IsRetriedAndSucceeds() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "500", times: 1)
        let response = try await harness.getForecast(harness.client(maxAttempts: 3))
        #expect(response.origin == .network)
        #expect(try await harness.log().map(\.status) == [500, 200])
        #expect(try await harness.database.cachedEntryCount() == 1)
        #expect(try await harness.store.cacheStatistics().networkRequests == 2)
    }

    @Test func aResetConnectionIsRetried() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "reset", times: 1)
        let response = try await harness.getForecast(harness.client(maxAttempts: 3))
        #expect(response.origin == .network)
        #expect(try await harness.services.requestCount() == 2)
    }

    @Test func aFailingServiceFallsBackToTheStaleCopy() async throws {
        let harness = try await HTTPHarness()
        let fetched = try await harness.getForecast(harness.client())
        harness.clock.advance(by: Self.pastForecastLifetime)
        try await harness.services.fault("/gridpoints", mode: "500")

        let response = try await harness.getForecast(harness.client(maxAttempts: 2))
        guard case let .stale(reason) = response.origin else {
            Issue.record("expected a stale copy, got \(response.origin)")
            return
        }
        #expect(reason.contains("500"))
        #expect(response.body == fetched.body)
        #expect(sameInstant(response.fetchedAt, fetched.fetchedAt))
        #expect(response.isStale)
        #expect(try await harness.store.cacheStatistics().stale == 1)
        #expect(try await harness.services.requestCount() == 3)
    }

    @Test func aStaleCopyTooOldIsNotServed() async throws {
        let harness = try await HTTPHarness()
        _ = try await harness.getForecast(harness.client())
        harness.clock.advance(by: Self.forecastMaxAge + ResourceKind.forecast.staleIfError + 60)
        try await harness.services.fault("/gridpoints", mode: "503")
        await #expect(throws: ServiceError.self) {
            _ = try await harness.getForecast(harness.client(maxAttempts: 1))
        }
    }

    @Test func aProblemDocumentIsParsedAndNotRetried() async throws {
        let harness = try await HTTPHarness()
        // Off the coast of nowhere in particular: the stand-in's own 404 InvalidPoint.
        let url = harness.services.url.appending(path: "points/48.8566,2.3522")
        do {
            let response = try await harness.client(maxAttempts: 3).get(
                url, service: "NWS", kind: .point, accept: "application/geo+json"
            )
            Issue.record("expected a problem, got \(response.origin)")
        } catch let ServiceError.problem(service, status, title, detail, correlationID) {
            #expect(service == "NWS")
            #expect(status == 404)
            #expect(title == "Data Unavailable For Requested Point")
            #expect(detail == "Unable to provide data for requested point 48.8566,2.3522")
            #expect(correlationID?.isEmpty == false)
        }
        #expect(try await harness.services.requestCount() == 1, "4xx is never retried")
        // A 404 is cacheable by default (RFC 9110 §15.1): stored, but with no lifetime of its own it is asked
        // again next time.
        let stored = try #require(try await harness.store.cachedResponse(url: url.absoluteString))
        #expect(stored.status == 404)
        #expect(sameInstant(stored.expiresAt, stored.fetchedAt))
        #expect(!Freshness.isFresh(stored, at: harness.clock.now.addingTimeInterval(0.01), kind: .point))
    }

    @Test func aProblemIsNotPaperedOverByAStaleCopy() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        _ = try await client.get(harness.pointURL, service: "NWS", kind: .point, accept: "application/geo+json")
        // The stand-in's point max-age is a day.
        harness.clock.advance(by: 86_400 + 60)
        try await harness.services.fault("/points", mode: "404")
        await #expect(throws: ServiceError.self) {
            _ = try await client.get(harness.pointURL, service: "NWS", kind: .point, accept: "application/geo+json")
        }
        #expect(try await harness.services.requestCount() == 2)
    }

    @Test func anHTMLErrorPageWithoutACacheIsUnavailable() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "html")
        await #expect(throws: ServiceError.unavailable(service: "NWS", reason: "HTTP 503")) {
            _ = try await harness.getForecast(harness.client(maxAttempts: 2))
        }
        #expect(try await harness.database.cachedEntryCount() == 0)
    }

    @Test func anHTMLErrorPageFallsBackToTheStaleCopy() async throws {
        let harness = try await HTTPHarness()
        let fetched = try await harness.getForecast(harness.client())
        harness.clock.advance(by: Self.pastForecastLifetime)
        try await harness.services.fault("/gridpoints", mode: "html")
        let response = try await harness.getForecast(harness.client(maxAttempts: 2))
        #expect(response.origin == .stale(reason: "HTTP 503"))
        #expect(response.body == fetched.body)
    }

    @Test func aRateLimitPageIsRetriedThenUnavailable() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "ratelimit")
        await #expect(throws: ServiceError.unavailable(service: "NWS", reason: "HTTP 429")) {
            _ = try await harness.getForecast(harness.client(maxAttempts: 2))
        }
        #expect(try await harness.services.requestCount() == 2)
    }

    @Test func aMalformedBodyIsNotCachedAndTheStaleCopyWins() async throws {
        let harness = try await HTTPHarness()
        let fetched = try await harness.getForecast(harness.client(), accepts: HTTPHarness.isJSON)
        harness.clock.advance(by: Self.pastForecastLifetime)
        try await harness.services.fault("/gridpoints", mode: "malformed")

        let response = try await harness.getForecast(harness.client(), accepts: HTTPHarness.isJSON)
        #expect(response.isStale)
        #expect(response.body == fetched.body)
        let cached = try #require(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString))
        #expect(cached.body == fetched.body, "the half body must not replace the good one")
        #expect(sameInstant(cached.fetchedAt, fetched.fetchedAt))
    }

    @Test func aMalformedBodyWithNothingCachedIsMalformed() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "malformed")
        do {
            let response = try await harness.getForecast(harness.client(), accepts: HTTPHarness.isJSON)
            Issue.record("expected an error, got \(response.origin)")
        } catch let error as ServiceError {
            guard case .malformed(service: "NWS", _) = error else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
        }
        #expect(try await harness.database.cachedEntryCount() == 0)
    }

    @Test func aHangingServerTimesOut() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "hang", delay: 5)
        await #expect(throws: ServiceError.unavailable(service: "NWS", reason: "timed out")) {
            _ = try await harness.getForecast(harness.client(timeout: 1, maxAttempts: 1))
        }
        #expect(try await harness.database.cachedEntryCount() == 0)
    }

    @Test func aStoppedServerIsUnavailable() async throws {
        let harness = try await HTTPHarness()
        harness.services.server.stop()
        await #expect(throws: ServiceError.unavailable(service: "NWS", reason: "connection refused")) {
            _ = try await harness.getForecast(harness.client(maxAttempts: 2))
        }
        #expect(try await harness.database.cachedEntryCount() == 0)
    }

    @Test func aStoppedServerWithACacheServesTheStaleCopy() async throws {
        let harness = try await HTTPHarness()
        let fetched = try await harness.getForecast(harness.client())
        harness.services.server.stop()
        harness.clock.advance(by: Self.pastForecastLifetime)
        let response = try await harness.getForecast(harness.client(maxAttempts: 2))
        #expect(response.origin == .stale(reason: "connection refused"))
        #expect(response.body == fetched.body)
    }

    // MARK: - Protocol details

    @Test func aRedirectIsFollowedAndCachedUnderTheAskedURL() async throws {
        let harness = try await HTTPHarness()
        try await harness.services.fault("/gridpoints", mode: "301", times: 1)
        let response = try await harness.getForecast(harness.client(), accepts: HTTPHarness.isJSON)
        #expect(response.origin == .network)
        #expect(response.url == harness.forecastURL.absoluteString)
        let log = try await harness.log()
        #expect(log.map(\.status) == [301, 200])
        #expect(log.last?.path == "/redirected/gridpoints/BOU/63,62/forecast")
        #expect(try await harness.store.cachedResponse(url: harness.forecastURL.absoluteString) != nil)
    }

    @Test func userAgentAndAcceptAreSent() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        _ = try await client.get(harness.pointURL, service: "NWS", kind: .point, accept: "application/geo+json")
        _ = try await client.get(harness.forecastURL, service: "NWS", kind: .forecast)
        let log = try await harness.log()
        #expect(log.count == 2)
        #expect(log.allSatisfy { $0.userAgent == HTTPHarness.userAgent })
        #expect(log.first?.accept == "application/geo+json")
        #expect(log.last?.accept == "application/json")
        #expect(log.allSatisfy { $0.ifModifiedSince == nil })
        #expect(log.allSatisfy { $0.query.isEmpty }, "NWS answers unknown query parameters with 400")
    }

    @Test func onRequestIsToldOfEachRequest() async throws {
        let harness = try await HTTPHarness()
        let seen = Recorder()
        let client = HTTPClient(
            store: harness.store, transport: CurlTransport(timeout: 10),
            configuration: HTTPClient.Configuration(userAgent: HTTPHarness.userAgent),
            clock: harness.clock.function,
            onRequest: { service, url in seen.append("\(service) \(url.path)") }
        )
        _ = try await harness.getForecast(client)
        _ = try await harness.getForecast(client)
        #expect(seen.values == ["NWS /gridpoints/BOU/63,62/forecast"])
    }
}
