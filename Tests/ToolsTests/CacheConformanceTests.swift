import Foundation
import Model
import Testing
@testable import Tools

/// plan's HTTP cache against a scripted origin on loopback, one RFC 9111 requirement a test: what is stored,
/// when a stored response answers without a request, when it is validated and how, and when a stale one may
/// stand in. (The public cache-tests suite judges the same through `cache-probe`; see docs/benchmarks.md.)
@Suite struct CacheConformanceTests {
    typealias H = OriginHarness

    @Test func maxAgeThenAConditionalRequestWhoseNotModifiedUpdatesTheStoredFields() async throws {
        let h = try H()
        try await h.script("r/a", [
            H.answer(200, [("Cache-Control", "max-age=60"), ("ETag", "\"v1\"")], body: "one"),
            H.answer(304, [("Cache-Control", "max-age=120"), ("ETag", "\"v1\"")], body: ""),
        ])
        #expect(try await h.fetch("r/a").origin == .network)
        h.clock.advance(by: 59)
        #expect(try await h.fetch("r/a").origin == .cache)
        #expect(try await h.requests().count == 1)
        h.clock.advance(by: 2)
        let revalidated = try await h.fetch("r/a")
        #expect(revalidated.origin == .revalidated)
        #expect(revalidated.body == Data("one".utf8))
        let requests = try await h.requests()
        #expect(requests.count == 2)
        #expect(requests.last?["if-none-match"] == "\"v1\"")
        #expect(try await h.stored("r/a")?.header("Cache-Control") == "max-age=120", "the 304's fields are stored")
        h.clock.advance(by: 119)
        #expect(try await h.fetch("r/a").origin == .cache, "fresh again by the 304's max-age")
        #expect(try await h.requests().count == 2)
    }

    @Test func lastModifiedIsTheValidatorWithoutAnETag() async throws {
        let h = try H()
        try await h.script("r/lm", [
            H.answer(200, [("Cache-Control", "max-age=1"), ("Last-Modified", ["date": -3_600])]),
            H.answer(304),
        ])
        _ = try await h.fetch("r/lm")
        h.clock.advance(by: 2)
        #expect(try await h.fetch("r/lm").origin == .revalidated)
        let last = try #require(try await h.requests().last)
        #expect(last["if-modified-since"] != nil)
        #expect(last["if-none-match"] == nil)
    }

    @Test func ageCountsTowardTheCurrentAge() async throws {
        let h = try H()
        try await h.script("r/age", [H.answer(200, [("Cache-Control", "max-age=3600"), ("Age", "7200")])])
        try await h.script("r/young", [H.answer(200, [("Cache-Control", "max-age=3600"), ("Age", "3000")])])
        _ = try await h.fetch("r/age")
        h.clock.advance(by: 0.5)  // past the instant it arrived (and expired) at
        #expect(try await h.fetch("r/age").origin == .network, "older than its max-age on arrival")
        _ = try await h.fetch("r/young")
        #expect(try await h.fetch("r/young").origin == .cache)
        h.clock.advance(by: 601)
        #expect(try await h.fetch("r/young").origin == .network, "3,000 + 601 seconds old")
    }

    @Test func expiresInEachDateFormAndInvalid() async throws {
        let h = try H()
        try await h.script("r/asctime", [H.answer(200, [("Expires", "Thu Aug  8 02:01:18 2050")])])
        try await h.script("r/rfc850", [H.answer(200, [("Expires", "Thursday, 18-Aug-50 02:01:18 GMT")])])
        try await h.script("r/utc", [H.answer(200, [("Expires", "Thu, 18 Aug 2050 02:01:18 UTC")])])
        try await h.script("r/past", [H.answer(200, [("Date", ["date": 0]), ("Expires", ["date": -60])])])
        for path in ["r/asctime", "r/rfc850"] {
            _ = try await h.fetch(path, kind: .forecast)
            #expect(try await h.fetch(path, kind: .forecast).origin == .cache, "\(path)")
        }
        for path in ["r/utc", "r/past"] {
            _ = try await h.fetch(path)
            h.clock.advance(by: 0.5)
            #expect(try await h.fetch(path).origin == .network, "\(path)")
        }
        #expect(try await h.requests().count == 6)
    }

    @Test func statusesCacheableByDefaultAreStoredAndReused() async throws {
        let h = try H()
        let heuristic: [(String, Any)] = [("Date", ["date": 0]), ("Last-Modified", ["date": -86_400])]
        try await h.script("r/404", [H.answer(404, heuristic, body: "{\"title\": \"Not Found\"}")])
        try await h.script("r/201", [H.answer(201, heuristic)])
        let first = try await h.fetch("r/404")
        #expect(first.status == 404 && first.origin == .network)
        let second = try await h.fetch("r/404")
        #expect(second.status == 404 && second.origin == .cache)
        // `get` throws the stored 404 as the service's problem, without a request.
        await #expect(throws: ServiceError.self) {
            _ = try await h.client().get(h.url("r/404"), service: "origin", kind: .alerts)
        }
        _ = try await h.fetch("r/201")
        #expect(try await h.fetch("r/201").origin == .network, "201 is not cacheable by default")
        #expect(try await h.stored("r/201") == nil)
        #expect(try await h.requests().count == 3)
    }

    @Test func noStoreIsNeverStoredUnlessMustUnderstandSaysSo() async throws {
        let h = try H()
        try await h.script("r/ns", [H.answer(200, [("Cache-Control", "max-age=10000, No-Store")])])
        try await h.script("r/mu", [H.answer(200, [("Cache-Control", "max-age=3600, no-store, must-understand")])])
        try await h.script("r/mu599", [H.answer(599, [("Cache-Control", "max-age=3600, no-store, must-understand")])])
        _ = try await h.fetch("r/ns")
        #expect(try await h.stored("r/ns") == nil)
        _ = try await h.fetch("r/mu")
        #expect(try await h.fetch("r/mu").origin == .cache)
        _ = try await h.fetch("r/mu599")
        #expect(try await h.stored("r/mu599") == nil)
    }

    @Test func noCacheIsStoredButValidatedBeforeEveryUse() async throws {
        let h = try H()
        try await h.script("r/nc", [
            H.answer(200, [("Cache-Control", "max-age=10000, no-cache"), ("ETag", "\"abcd\"")]), H.answer(304),
        ])
        _ = try await h.fetch("r/nc", kind: .climate)
        #expect(try await h.fetch("r/nc", kind: .climate).origin == .revalidated, "validated, whatever the kind")
        #expect(try await h.requests().last?["if-none-match"] == "\"abcd\"")
    }

    @Test func aStaleCopyStandsInForAFailureUnlessMustRevalidate() async throws {
        let h = try H()
        try await h.script("r/plain", [H.answer(200, [("Cache-Control", "max-age=2")]), H.close])
        try await h.script("r/strict", [H.answer(200, [("Cache-Control", "max-age=2, must-revalidate")]), H.close])
        try await h.script("r/503", [H.answer(200, [("Cache-Control", "max-age=2")], body: "good"), H.answer(503)])
        for path in ["r/plain", "r/strict", "r/503"] { _ = try await h.fetch(path) }
        h.clock.advance(by: 3)
        guard case .stale = try await h.fetch("r/plain").origin else {
            Issue.record("expected the stale copy")
            return
        }
        await #expect(throws: ServiceError.self) { _ = try await h.fetch("r/strict") }
        let served = try await h.fetch("r/503")
        #expect(served.body == Data("good".utf8) && served.status == 200)
        #expect(try await h.stored("r/503")?.status == 200, "a 5xx never replaces a stored response")
    }

    @Test func aServerErrorIsNeverStoredButARefusalIsKeptAMinuteAtMost() async throws {
        let h = try H()
        // A trap for caches that store errors: a 500 asking to be kept a day.
        try await h.script("r/500", [H.answer(500, [("Cache-Control", "max-age=86400")])])
        try await h.script("r/410", [H.answer(410, [("Cache-Control", "max-age=86400")], body: "{\"title\": \"Gone\"}")])
        #expect(try await h.fetch("r/500").status == 500)
        #expect(try await h.stored("r/500") == nil)
        await #expect(throws: ServiceError.unavailable(service: "origin", reason: "HTTP 500")) {
            _ = try await h.client().get(h.url("r/500"), service: "origin", kind: .alerts)
        }
        #expect(try await h.requests().count == 4, "two attempts each time, nothing from the cache")
        _ = try await h.fetch("r/410", kind: .point)
        #expect(try await h.fetch("r/410", kind: .point).origin == .cache)
        h.clock.advance(by: Freshness.errorLifetime + 1)
        #expect(try await h.fetch("r/410", kind: .point).origin == .network)
        #expect(try await h.requests().count == 6)
    }

    @Test func freshModeRevalidatesWithMaxAgeZeroButNotAFreshImmutable() async throws {
        let h = try H()
        try await h.script("r/imm", [H.answer(200, [("Cache-Control", "max-age=100, immutable"), ("ETag", "\"i\"")])])
        try await h.script("r/mut", [H.answer(200, [("Cache-Control", "max-age=100"), ("ETag", "\"m\"")]), H.answer(304)])
        _ = try await h.fetch("r/imm")
        _ = try await h.fetch("r/mut")
        #expect(try await h.fetch("r/imm", mode: .fresh).origin == .cache)
        #expect(try await h.fetch("r/mut", mode: .fresh).origin == .revalidated)
        let last = try #require(try await h.requests().last)
        #expect(last["cache-control"] == "max-age=0")
        #expect(last["if-none-match"] == "\"m\"")
        #expect(try await h.requests().count == 3)
    }

    @Test func staleWhileRevalidateAnswersWithoutARequestWithinItsWindow() async throws {
        let h = try H()
        try await h.script("r/swr", [H.answer(200, [("Cache-Control", "max-age=1, stale-while-revalidate=60")])])
        try await h.script("r/forecast", [H.answer(200, [("Cache-Control", "max-age=300")])])
        _ = try await h.fetch("r/swr")
        _ = try await h.fetch("r/forecast", kind: .forecast)
        h.clock.advance(by: 30)
        #expect(try await h.fetch("r/swr").origin == .allowedStale)
        #expect(try await h.requests().count == 2)
        h.clock.advance(by: 300 - 30 + 1)
        #expect(try await h.fetch("r/forecast", kind: .forecast).origin == .network, "no stale forecast while the origin answers")
        h.clock.advance(by: 31)
        #expect(try await h.fetch("r/swr").origin == .network)
    }

    @Test func anInvalidMaxAgeIsStaleForEveryKind() async throws {
        let h = try H()
        for (path, field) in [("r/neg", "max-age=-3600"), ("r/quote", "max-age='3600'"), ("r/space", "max-age =3600")] {
            try await h.script(path, [H.answer(200, [("Cache-Control", field)])])
            for kind in [ResourceKind.forecast, .climate] {
                h.clock.advance(by: 0.5)  // past the instant the last copy arrived (and expired) at
                _ = try await h.fetch(path, kind: kind)
                h.clock.advance(by: 0.5)
                #expect(try await h.fetch(path, kind: kind).origin == .network, "\(field), \(kind)")
            }
        }
        #expect(try await h.requests().count == 12)
    }

    @Test func offlineServesWhatIsStoredMarkedStale() async throws {
        let h = try H()
        try await h.script("r/off", [H.answer(200, [("Cache-Control", "max-age=60, must-revalidate")], body: "kept")])
        _ = try await h.fetch("r/off")
        #expect(try await h.fetch("r/off", mode: .offline).origin == .cache)
        h.clock.advance(by: 86_400)
        let old = try await h.fetch("r/off", mode: .offline)
        #expect(old.origin == .offline && old.body == Data("kept".utf8))
        await #expect(throws: ServiceError.offline(service: "origin")) { _ = try await h.fetch("r/none", mode: .offline) }
        #expect(try await h.requests().count == 1)
    }
}
