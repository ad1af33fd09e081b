import Foundation
import LanguageModels
import Store

/// RFC 9111 freshness for a private cache: `max-age` (ignoring `s-maxage`), else `Expires − Date`, else 0.
/// What the server says is untrusted: `inf`, NaN and negative lifetimes read as none.
enum Freshness {
    static func lifetime(of response: HTTPResponse, receivedAt: Date) -> TimeInterval {
        let directives = cacheControl(response)
        if directives["no-cache"] != nil { return 0 }
        if let maxAge = directives["max-age"].flatMap({ $0 }).flatMap(TimeInterval.init) {
            return usable(maxAge)
        }
        if let expires = response.value(forHTTPHeaderField: "Expires").flatMap(HTTPDate.parse) {
            let base = response.value(forHTTPHeaderField: "Date").flatMap(HTTPDate.parse) ?? receivedAt
            return usable(expires.timeIntervalSince(base))
        }
        return 0
    }

    /// The lifetime plan gives a response of `kind`: the server's, raised to our minimum and capped at
    /// the kind's maximum.
    static func lifetime(of response: HTTPResponse, receivedAt: Date, kind: ResourceKind) -> TimeInterval {
        min(max(lifetime(of: response, receivedAt: receivedAt), kind.minimumLifetime), kind.maximumLifetime)
    }

    /// Whether a cached copy is fresh: before its expiry, and no older than its kind's maximum lifetime
    /// (entries stored with a longer one, by an older plan or a lying server, count as stale). The rule is
    /// `CacheFreshness`'s, which the decoded fast path applies too.
    static func isFresh(_ cached: CachedResponse, at now: Date, kind: ResourceKind) -> Bool {
        cached.isFresh(at: now, maximumLifetime: kind.maximumLifetime)
    }

    /// A lifetime in seconds, or 0 for `inf`, NaN and negative values.
    static func usable(_ seconds: TimeInterval) -> TimeInterval {
        seconds.isFinite && seconds > 0 ? seconds : 0
    }

    static func forbidsStoring(_ response: HTTPResponse) -> Bool {
        cacheControl(response)["no-store"] != nil
    }

    static func cacheControl(_ response: HTTPResponse) -> [String: String?] {
        guard let header = response.value(forHTTPHeaderField: "Cache-Control") else { return [:] }
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            result[name] = pieces.count > 1 ? pieces[1] : nil
        }
        return result
    }
}
