import FoundationEssentials
import Model

/// One cache entry's times and size, judged by `CacheFreshness` as a read would judge it.
struct CacheEntryAge {
    var url: String
    var expiresAt: Date
    var validatedAt: Date
    var maximumLifetime: TimeInterval
    var bytes: Int

    func isFresh(at now: Date) -> Bool {
        CacheFreshness.isFresh(expiresAt: expiresAt, validatedAt: validatedAt, at: now, maximumLifetime: maximumLifetime)
    }
}
