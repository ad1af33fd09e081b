import Foundation
import Model
import Store
import TestSupport
import Testing
@testable import Tools

/// The decoded record kept beside a cached body (`HTTPClient.getDecoded`) and the batched hit counters.
@Suite struct DecodedCacheTests {
    static let forecast = Forecast(
        source: "nws", url: "https://api.weather.gov/gridpoints/BOU/63,62/forecast", timeZone: "America/Denver",
        updatedAt: Date(timeIntervalSince1970: 1_796_085_347.25), fetchedAt: Date(timeIntervalSince1970: 1_796_085_350.7982712),
        days: [
            ForecastDay(
                date: CalendarDate(year: 2026, month: 12, day: 3) ?? CalendarDate(dayNumber: 0), high: 34, low: -18,
                precipitationChance: 80, precipitation: 12.5, snowfall: 0.1, hasSnow: true, hasThunder: false,
                wind: 15, gust: 35, uvIndex: 3.25, summary: "Snow\tShowers\\Likely\nthen \\N", nightSummary: nil
            ),
            ForecastDay(date: CalendarDate(dayNumber: 20_000), summary: "", nightSummary: "Clear ☀︎ 晴"),
        ]
    )

    @Test func aForecastRecordReadsBackExactly() throws {
        let record = Self.forecast.record
        #expect(!record.contains("\n\n"))
        #expect(Forecast(record: record) == Self.forecast)
        var plain = Self.forecast
        plain.updatedAt = nil
        plain.days = []
        #expect(Forecast(record: plain.record) == plain)
    }

    @Test func aDamagedOrOlderRecordIsNotRead() {
        let record = Self.forecast.record
        for damaged in ["", "forecast", record.replacingOccurrences(of: "forecast\t4", with: "forecast\t3"),
                        record + "\nday\t1", String(record.dropLast(3)) + "\t\t", record.replacingOccurrences(of: "\t34\t", with: "\tx\t"),
                        "point\t1\thttps://example.com\t\\N"] {
            #expect(Forecast(record: damaged) == nil, "read \(damaged.debugDescription)")
        }
    }

    @Test func aPointRecordReadsBack() throws {
        let url = try #require(URL(string: "https://api.weather.gov/gridpoints/BOU/63,62/forecast"))
        for point in [NWSForecastDecoder.Point(forecastURL: url, timeZone: "America/Denver"),
                      NWSForecastDecoder.Point(forecastURL: url, timeZone: nil)] {
            #expect(NWSForecastDecoder.Point(record: point.record) == point)
        }
    }

    @Test func aHitReadsTheRecordAndNeitherTheBodyNorTheDecoder() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        let decode: (FetchedResponse) throws -> Forecast = {
            try NWSForecastDecoder.forecast(from: $0.body, url: $0.url, timeZone: "America/Denver", fetchedAt: $0.fetchedAt)
        }
        let first = try await client.getDecoded(harness.forecastURL, service: "NWS", kind: .forecast, decode: decode)
        #expect(first.origin == .network)
        let second = try await client.getDecoded(harness.forecastURL, service: "NWS", kind: .forecast) { _ -> Forecast in
            Issue.record("decoded the body again")
            return Self.forecast
        }
        #expect(second.origin == .cache)
        #expect(second.value == first.value)
        #expect(try await harness.services.requestCount() == 1)
        #expect(try await harness.store.cacheStatistics().hits == 1)

        // A new body (here: revalidation after the lifetime, then a changed document) clears the record.
        try await harness.store.storeResponse(CachedResponse(
            url: harness.forecastURL.absoluteString, status: 200, contentType: nil, body: Data("{}".utf8), etag: nil,
            lastModified: nil, fetchedAt: harness.clock.now, expiresAt: harness.clock.now.addingTimeInterval(60),
            validatedAt: harness.clock.now
        ))
        #expect(try await harness.store.freshDecoded(
            url: harness.forecastURL.absoluteString, at: harness.clock.now, maximumLifetime: ResourceKind.forecast.maximumLifetime
        ) == nil)
    }

    /// The decoded fast path applies the same freshness rule as a body read: an entry stored with a
    /// lifetime past its kind's cap (an older plan, a lying server) is stale there too.
    @Test func theDecodedPathCapsALifetimeLikeTheBodyPath() async throws {
        let harness = try await HTTPHarness()
        let client = harness.client()
        let decode: (FetchedResponse) throws -> Forecast = {
            try NWSForecastDecoder.forecast(from: $0.body, url: $0.url, timeZone: "America/Denver", fetchedAt: $0.fetchedAt)
        }
        let key = harness.forecastURL.absoluteString
        _ = try await client.getDecoded(harness.forecastURL, service: "NWS", kind: .forecast, decode: decode)
        // Thirty days to live, kept with its decoded record: past a forecast's one-day cap.
        let validated = harness.clock.now
        try await harness.store.refreshResponse(
            url: key, headers: [:], etag: nil, lastModified: nil, expiresAt: validated.addingTimeInterval(30 * 86_400),
            validatedAt: validated
        )
        harness.clock.advance(by: 2 * 86_400)
        let cap = ResourceKind.forecast.maximumLifetime
        #expect(try await harness.store.freshDecoded(url: key, at: harness.clock.now, maximumLifetime: cap) == nil)
        let cached = try #require(try await harness.store.cachedResponse(url: key))
        #expect(!Freshness.isFresh(cached, at: harness.clock.now, kind: .forecast))
        let again = try await client.getDecoded(harness.forecastURL, service: "NWS", kind: .forecast, decode: decode)
        #expect(again.origin != .cache)
        #expect(try await harness.services.requestCount() == 2)
    }

    /// One rule, the same answer from each reader: the body path, the decoded path and place look-ups.
    @Test(arguments: [
        (expires: 10.0, validated: 0.0, now: 5.0, fresh: true),
        (expires: 10.0, validated: 0.0, now: 10.0, fresh: false),
        (expires: 1e9, validated: 0.0, now: 86_399.0, fresh: true),
        (expires: 1e9, validated: 0.0, now: 86_400.0, fresh: false),
        (expires: Double.nan, validated: 0.0, now: 1.0, fresh: false),
        (expires: 10.0, validated: Double.nan, now: 1.0, fresh: false),
        (expires: Double.infinity, validated: 0.0, now: 1.0, fresh: true),
        (expires: 1e9, validated: 31.0, now: 1.0, fresh: true),
        (expires: 1e9, validated: 1_000.0, now: 1.0, fresh: false),
    ])
    func everyReaderAgreesOnFreshness(expires: Double, validated: Double, now: Double, fresh: Bool) {
        let at = Date(timeIntervalSince1970: now)
        let expiresAt = Date(timeIntervalSince1970: expires)
        let validatedAt = Date(timeIntervalSince1970: validated)
        let cap = ResourceKind.forecast.maximumLifetime
        let response = CachedResponse(
            url: "u", status: 200, contentType: nil, body: Data(), etag: nil, lastModified: nil,
            fetchedAt: validatedAt, expiresAt: expiresAt, validatedAt: validatedAt
        )
        let place = PlaceLookup(
            key: "k", place: Place(name: "n", region: "", country: "US", latitude: 0, longitude: 0, timeZone: "UTC", source: "t"), alternatives: [], lookedUpAt: validatedAt, expiresAt: expiresAt
        )
        #expect(CacheFreshness.isFresh(expiresAt: expiresAt, validatedAt: validatedAt, at: at, maximumLifetime: cap) == fresh)
        #expect(Freshness.isFresh(response, at: at, kind: .forecast) == fresh)
        #expect(place.isFresh(at: at, maximumLifetime: cap) == fresh)
    }

    @Test func hitsCostNoWriteUntilFlushedAndAreWrittenWhenTheStoreGoesAway() async throws {
        let temporary = try TemporaryStore(clock: { Date() })
        let url = "https://example.com/forecast"
        let now = Date()
        try await temporary.store.storeResponse(CachedResponse(
            url: url, status: 200, contentType: nil, body: Data("{}".utf8), etag: nil, lastModified: nil,
            fetchedAt: now, expiresAt: now.addingTimeInterval(3_600), validatedAt: now
        ))
        for _ in 0..<3 { try await temporary.store.count("cache.hit", url: url) }
        let reader = try Store(path: temporary.store.path)
        #expect(try await reader.rows("SELECT count(*) AS n FROM counters").first?.int("n") == 0)
        try await temporary.store.flushCounters()
        #expect(try await reader.rows("SELECT value FROM counters WHERE name = 'cache.hit'").first?.int("value") == 3)
        #expect(try await reader.rows("SELECT hits FROM http_cache").first?.int("hits") == 3)

        do {
            let other = try Store(path: temporary.store.path)
            try await other.count("cache.hit", url: url)
            try await other.count("cache.miss")
        }
        #expect(try await reader.rows("SELECT value FROM counters WHERE name = 'cache.hit'").first?.int("value") == 4)
        #expect(try await reader.rows("SELECT value FROM counters WHERE name = 'cache.miss'").first?.int("value") == 1)
    }
}
