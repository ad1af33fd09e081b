import FoundationEssentials
import Model
import Store

/// How a stored response may answer a GET now (RFC 9111 §4), by the server's directives and plan's policy
/// for the resource's kind.
enum CacheReuse: Equatable {
    /// Fresh: used without a request.
    case fresh
    /// Stale, but within the server's `stale-while-revalidate` window: used without a request (the next
    /// request past the window asks the origin).
    case allowedStale
    /// Must be validated with the origin first (a conditional request).
    case validate

    /// The decision for `cached` at `now`. `--fresh` (`FetchMode.fresh`) validates everything but a fresh
    /// `immutable` response (RFC 8246); `no-cache` and `must-revalidate` allow nothing stale.
    static func decide(_ cached: CachedResponse, at now: Date, kind: ResourceKind, mode: FetchMode) -> CacheReuse {
        let fresh = Freshness.isFresh(cached, at: now, kind: kind)
        let control = CacheControl(cached.header("Cache-Control"))
        if mode == .fresh {
            return fresh && control.has("immutable") ? .fresh : .validate
        }
        // no-cache: validated before every use, whatever the stored times say (§5.2.2.4).
        if control.has("no-cache") { return .validate }
        if fresh { return .fresh }
        guard !forbidsStale(control, status: cached.status), let staleness = staleness(of: cached, at: now, kind: kind) else { return .validate }
        if let window = control.seconds("stale-while-revalidate"), staleness < TimeInterval(window) {
            return .allowedStale
        }
        return .validate
    }

    /// Whether `cached` may stand in when the origin cannot answer (no connection, a 5xx): stale for less
    /// than the kind's `stale-if-error` or the server's own, whichever is longer, neither `no-cache` nor
    /// `must-revalidate` said, and not an error itself.
    static func servesOnError(_ cached: CachedResponse, at now: Date, kind: ResourceKind) -> Bool {
        let control = CacheControl(cached.header("Cache-Control"))
        guard !forbidsStale(control, status: cached.status), let staleness = staleness(of: cached, at: now, kind: kind) else { return false }
        let servers = control.seconds("stale-if-error").map(TimeInterval.init) ?? 0
        return staleness < max(kind.staleIfError, servers)
    }

    /// `no-cache` and `must-revalidate`: the stored response may never be used stale (§5.2.2.2, §5.2.2.4).
    /// Nor, by plan's policy, a stored error (4xx): its minute is all it gets.
    static func forbidsStale(_ control: CacheControl, status: Int) -> Bool {
        control.has("no-cache") || control.has("must-revalidate") || status >= 400
    }

    /// How long `cached` has been stale at `now` (0 while fresh): past its expiry, or past the kind's
    /// maximum lifetime since it was validated, whichever came first. Nil when its times cannot be believed
    /// (validated in the future beyond `Store.longestHonouredWait`, or not numbers).
    static func staleness(of cached: CachedResponse, at now: Date, kind: ResourceKind) -> TimeInterval? {
        let sinceValidated = now.timeIntervalSince(cached.validatedAt)
        guard sinceValidated > -Store.longestHonouredWait else { return nil }
        let end = min(cached.expiresAt, cached.validatedAt.addingTimeInterval(kind.maximumLifetime))
        let staleness = max(0, now.timeIntervalSince(end))
        return staleness.isFinite ? staleness : nil
    }
}
