import FoundationEssentials
import Basics
import HTTPCore
import LanguageModels
import Model
import Store

/// A transport that spaces requests to one service, across processes: each request reserves a moment at least
/// `spacing` after the last one any plan process reserved (kept in the database), and a 429 or 503 with
/// `Retry-After` pushes the next moment back. Nominatim's usage policy allows one request a second.
public struct RateLimitedTransport: HTTPTransport {
    let base: any HTTPTransport
    let store: any PlaceStore
    let service: String
    let spacing: TimeInterval
    /// Longer waits than this fail at once (a `Retry-After: 3600` is not worth waiting for).
    let maximumWait: TimeInterval
    let clock: @Sendable () -> Date
    let sleep: @Sendable (TimeInterval) async -> Void

    public init(
        base: any HTTPTransport, store: any PlaceStore, service: String, spacing: TimeInterval = 1, maximumWait: TimeInterval = 10,
        clock: @escaping @Sendable () -> Date = { Date() },
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: seconds.sleepNanoseconds)
        }
    ) {
        self.base = base
        self.store = store
        self.service = service
        self.spacing = spacing
        self.maximumWait = maximumWait
        self.clock = clock
        self.sleep = sleep
    }

    public func send(_ request: HTTPRequest, limits: TransportLimits) async throws -> (Data, HTTPResponse) {
        let wait = try await store.reserveRequestSlot(
            service: service, spacing: spacing, maximumWait: maximumWait, now: clock()
        )
        guard wait <= maximumWait else {
            throw GeocodingError.rateLimited(service: service, seconds: wait.checkedWholeSeconds ?? Int.max)
        }
        if wait > 0 { await sleep(wait) }
        let (data, response) = try await base.send(request, limits: limits)
        if [429, 503].contains(response.statusCode),
           let seconds = Self.retryAfter(response.value(forHTTPHeaderField: "Retry-After"), now: clock()) {
            // At most the longest wait plan honours: a later slot would be read back as stale anyway.
            try await store.deferRequests(to: service, until: clock().addingTimeInterval(min(seconds, Store.longestHonouredWait)))
        }
        return (data, response)
    }

    /// `Retry-After` as seconds from now: a whole number, or an HTTP date; at most a day.
    static func retryAfter(_ value: String?, now: Date) -> TimeInterval? {
        guard let value = value?.trimming(.whitespaces), !value.isEmpty else { return nil }
        if let seconds = Int(value) {  // parses text
            return seconds >= 0 ? TimeInterval(min(seconds, 86_400)) : nil
        }
        guard let date = HTTPDate.parse(value) else { return nil }
        return min(max(0, date.timeIntervalSince(now)), 86_400)
    }
}
