import Foundation
import Model
import Store
import Testing
@testable import Tools

/// When a stored response answers without a request, by the server's directives and plan's policy per kind:
/// fresh, within `max-stale` or `stale-while-revalidate`, `--fresh` and `immutable`, and `stale-if-error`.
@Suite struct CacheReuseTests {
    static let stored = Date(timeIntervalSince1970: 1_800_000_000)

    /// A response stored at `stored`, fresh for `lifetime` seconds, with `Cache-Control: control`.
    func cached(lifetime: TimeInterval, control: String? = nil) -> CachedResponse {
        CachedResponse(
            url: "https://example.com/r", status: 200, contentType: nil, body: Data("x".utf8), etag: "\"a\"",
            lastModified: nil, fetchedAt: Self.stored, expiresAt: Self.stored.addingTimeInterval(lifetime),
            validatedAt: Self.stored, headers: control.map { ["Cache-Control": $0] } ?? [:]
        )
    }

    func decide(_ cached: CachedResponse, after seconds: TimeInterval, kind: ResourceKind = .alerts, mode: FetchMode = .normal) -> CacheReuse {
        CacheReuse.decide(cached, at: Self.stored.addingTimeInterval(seconds), kind: kind, mode: mode)
    }

    @Test func freshThenStale() {
        let response = cached(lifetime: 60, control: "max-age=60")
        #expect(decide(response, after: 59) == .fresh)
        #expect(decide(response, after: 60) == .validate)
        #expect(decide(response, after: -1) == .fresh)
        #expect(decide(response, after: -Store.longestHonouredWait - 1) == .validate, "validated in the future")
    }

    @Test func whileTheOriginAnswersNoKindUsesAStaleCopy() {
        let response = cached(lifetime: 60, control: "max-age=60")
        for kind in [ResourceKind.point, .forecast, .place, .climate, .alerts] {
            #expect(decide(response, after: 59, kind: kind) == .fresh, "\(kind)")
            #expect(decide(response, after: 60, kind: kind) == .validate, "\(kind)")
            #expect(decide(cached(lifetime: 0, control: "max-age=0"), after: 0.001, kind: kind) == .validate, "\(kind)")
        }
    }

    @Test func noCacheAndMustRevalidateAllowNothingStale() {
        #expect(decide(cached(lifetime: 0, control: "no-cache"), after: 1, kind: .forecast) == .validate)
        #expect(decide(cached(lifetime: 60, control: "max-age=60, must-revalidate"), after: 61, kind: .forecast) == .validate)
        #expect(decide(cached(lifetime: 60, control: "max-age=60, must-revalidate"), after: 59, kind: .forecast) == .fresh)
        #expect(decide(cached(lifetime: 60, control: "max-age=60, must-revalidate, stale-while-revalidate=600"), after: 61) == .validate)
    }

    @Test func staleWhileRevalidateWindow() {
        let response = cached(lifetime: 1, control: "max-age=1, stale-while-revalidate=4")
        #expect(decide(response, after: 4) == .allowedStale)
        #expect(decide(response, after: 4.9) == .allowedStale)
        #expect(decide(response, after: 5) == .validate)
    }

    @Test func freshModeValidatesAllButAFreshImmutable() {
        #expect(decide(cached(lifetime: 100, control: "max-age=100"), after: 1, mode: .fresh) == .validate)
        #expect(decide(cached(lifetime: 100, control: "max-age=100, immutable"), after: 1, mode: .fresh) == .fresh)
        #expect(decide(cached(lifetime: 2, control: "max-age=2, immutable"), after: 3, mode: .fresh) == .validate)
    }

    @Test func staleIfErrorByKindOrByTheServer() {
        let plain = cached(lifetime: 60, control: "max-age=60")
        func onError(_ response: CachedResponse, after seconds: TimeInterval, kind: ResourceKind = .alerts) -> Bool {
            CacheReuse.servesOnError(response, at: Self.stored.addingTimeInterval(seconds), kind: kind)
        }
        #expect(onError(plain, after: 59 + ResourceKind.alerts.staleIfError))
        #expect(!onError(plain, after: 60 + ResourceKind.alerts.staleIfError))
        #expect(onError(plain, after: 59 + ResourceKind.forecast.staleIfError, kind: .forecast))
        // The server's own stale-if-error, when longer than the kind's.
        let generous = cached(lifetime: 60, control: "max-age=60, stale-if-error=86400")
        #expect(onError(generous, after: 59 + 86_400))
        #expect(!onError(generous, after: 60 + 86_400))
        // Never for must-revalidate or no-cache.
        #expect(!onError(cached(lifetime: 2, control: "max-age=2, must-revalidate"), after: 3, kind: .climate))
        #expect(!onError(cached(lifetime: 0, control: "no-cache"), after: 1, kind: .climate))
    }
}
