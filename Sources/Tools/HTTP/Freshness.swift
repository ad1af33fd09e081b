import FoundationEssentials
import Basics
import HTTPCore
import LanguageModels
import Model
import Store

/// RFC 9111 for a private cache, from a response's own fields: whether it may be stored (§3), its freshness
/// lifetime (§4.2.1: `max-age`, ignoring `s-maxage`, else `Expires − Date`, else a heuristic only where
/// §4.2.2 allows one), and its age when received (§4.2.3, `Age` counted). plan's own policy per
/// `ResourceKind` adds a heuristic lifetime and a cap, and caps an error answer's lifetime at
/// `errorLifetime`. What the server says is untrusted: an invalid `max-age` or `Expires` means stale.
enum Freshness {
    /// Statuses a cache may store and give a heuristic lifetime without explicit freshness (RFC 9110 §15.1).
    static let heuristicallyCacheable: Set<Int> = [200, 203, 204, 206, 300, 301, 308, 404, 405, 410, 414, 501]

    /// The statuses whose caching semantics plan's cache knows (those RFC 9110 defines): the ones
    /// `must-understand` lets it store despite `no-store` (RFC 9111 §5.2.2.3).
    static let understood: Set<Int> = Set(200...206).union(300...308).union(400...417).union([421, 422, 426])
        .union(500...505)

    /// The longest an error answer (4xx) is kept fresh, whatever it says: a minute spares a service plan's
    /// repeats of a request it refused without pinning the refusal. (A 5xx is never stored: `HTTPClient`.)
    static let errorLifetime: TimeInterval = 60

    /// Whether a response may be stored (RFC 9111 §3), for a private cache that does not store partial
    /// content: a final status other than 206 and 304; `no-store` absent, unless `must-understand` is there
    /// with a status plan understands (with a status it does not, never); and something that makes it
    /// cacheable — `max-age`, `Expires`, `public`, `private` or a status cacheable by default.
    static func isStorable(_ response: HTTPResponse) -> Bool {
        let status = response.statusCode
        guard (200...599).contains(status), status != 206, status != 304 else { return false }
        let control = CacheControl(response.value(forHTTPHeaderField: "Cache-Control"))
        if control.has("must-understand") {
            guard understood.contains(status) else { return false }
        } else if control.has("no-store") {
            return false
        }
        return control.has("max-age") || response.value(forHTTPHeaderField: "Expires") != nil || control.has("public")
            || control.has("private") || heuristicallyCacheable.contains(status)
    }

    /// The lifetime the response's own fields give (§4.2.1), or nil when they give none (no `max-age`, no
    /// `Expires`). Invalid freshness information means stale (0), as §4.2.1 encourages: a `max-age` that is
    /// not delta-seconds, an `Expires` that is not an HTTP-date. A `Date` that is not one is replaced by
    /// `receivedAt`. `no-cache` means 0: stored, but validated before every use.
    static func explicitLifetime(of response: HTTPResponse, receivedAt: Date) -> TimeInterval? {
        let control = CacheControl(response.value(forHTTPHeaderField: "Cache-Control"))
        if control.has("no-cache") { return 0 }
        if control.has("max-age") { return control.seconds("max-age").map(TimeInterval.init) ?? 0 }
        guard let expiresField = response.value(forHTTPHeaderField: "Expires") else { return nil }
        guard let expires = HTTPDate.parse(expiresField) else { return 0 }
        let date = response.value(forHTTPHeaderField: "Date").flatMap(HTTPDate.parse) ?? receivedAt
        return max(0, expires.timeIntervalSince(date))
    }

    /// The lifetime plan gives a response of `kind` received at `receivedAt`: the server's, else a heuristic
    /// where §4.2.2 allows one (a status cacheable by default, or `public`) — the kind's own, or 10% of the
    /// time since `Last-Modified` when longer (for an error status the latter only) — else 0; capped at the
    /// kind's maximum, and at `errorLifetime` for an error status.
    static func lifetime(of response: HTTPResponse, receivedAt: Date, kind: ResourceKind) -> TimeInterval {
        min(uncappedLifetime(of: response, receivedAt: receivedAt, kind: kind), cap(for: response.statusCode, kind: kind))
    }

    /// The server's lifetime, else the heuristic (0 when neither applies or either is not a usable number).
    static func uncappedLifetime(of response: HTTPResponse, receivedAt: Date, kind: ResourceKind) -> TimeInterval {
        usable(explicitLifetime(of: response, receivedAt: receivedAt) ?? heuristicLifetime(of: response, receivedAt: receivedAt, kind: kind))
    }

    /// The longest plan keeps a response fresh after receiving it: the kind's maximum, a minute for an error.
    static func cap(for status: Int, kind: ResourceKind) -> TimeInterval {
        status >= 400 ? min(kind.maximumLifetime, errorLifetime) : kind.maximumLifetime
    }

    /// §4.2.2's heuristic, for a response without explicit freshness: none unless its status is cacheable
    /// by default or it says `public`.
    static func heuristicLifetime(of response: HTTPResponse, receivedAt: Date, kind: ResourceKind) -> TimeInterval {
        let control = CacheControl(response.value(forHTTPHeaderField: "Cache-Control"))
        guard heuristicallyCacheable.contains(response.statusCode) || control.has("public") else { return 0 }
        // plan's own lifetimes are for answers that succeeded; an error gets the Last-Modified rule only.
        var lifetime = response.statusCode < 400 ? kind.heuristicLifetime : 0
        if let modified = response.value(forHTTPHeaderField: "Last-Modified").flatMap(HTTPDate.parse) {
            let date = response.value(forHTTPHeaderField: "Date").flatMap(HTTPDate.parse) ?? receivedAt
            lifetime = max(lifetime, date.timeIntervalSince(modified) / 10)
        }
        return lifetime
    }

    /// The response's age when it was received (§4.2.3's `corrected_initial_age`): the larger of the
    /// `Date`-based apparent age and `Age` plus the request's round trip.
    static func initialAge(of response: HTTPResponse, requestedAt: Date, receivedAt: Date) -> TimeInterval {
        let date = response.value(forHTTPHeaderField: "Date").flatMap(HTTPDate.parse) ?? receivedAt
        let apparentAge = max(0, receivedAt.timeIntervalSince(date))
        let responseDelay = max(0, receivedAt.timeIntervalSince(requestedAt))
        let ageValue = response.value(forHTTPHeaderField: "Age").flatMap(ageSeconds) ?? 0
        return usable(max(apparentAge, TimeInterval(ageValue) + responseDelay))
    }

    /// When a response received at `receivedAt` (asked for at `requestedAt`) stops being fresh for `kind`:
    /// its lifetime minus its age when received, from then, and no later than the kind's cap from then (the
    /// cap bounds how long plan keeps it, not how old the server may say it is).
    static func expiry(
        of response: HTTPResponse, requestedAt: Date, receivedAt: Date, kind: ResourceKind
    ) -> Date {
        let span = uncappedLifetime(of: response, receivedAt: receivedAt, kind: kind)
        let age = initialAge(of: response, requestedAt: requestedAt, receivedAt: receivedAt)
        let remaining = min(max(0, span - age), cap(for: response.statusCode, kind: kind))
        return receivedAt.addingTimeInterval(remaining.isFinite ? remaining : 0)
    }

    /// An `Age` field's value (§5.1): its first member, parameters after ";" dropped, as delta-seconds;
    /// nil for anything else (a sign, a decimal point, letters), which is then ignored.
    static func ageSeconds(_ field: String) -> Int? {
        guard let first = field.split(separator: ",", omittingEmptySubsequences: false).first else { return nil }
        let value = first.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? first
        return CacheControl.deltaSeconds(value.trimming(.whitespaces))
    }

    /// A lifetime in seconds, or 0 for `inf`, NaN and negative values.
    static func usable(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isFinite && seconds > 0 ? seconds : 0
    }

    /// Whether a stored copy is fresh: before its expiry, and no older than its kind's maximum lifetime
    /// (entries stored with a longer one, by an older plan or a lying server, count as stale). The rule is
    /// `CacheFreshness`'s, which the decoded fast path applies too.
    static func isFresh(_ cached: CachedResponse, at now: Date, kind: ResourceKind) -> Bool {
        cached.isFresh(at: now, maximumLifetime: kind.maximumLifetime)
    }
}
