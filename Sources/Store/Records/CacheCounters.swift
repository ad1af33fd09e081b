import FoundationEssentials
import Model

/// The HTTP cache's counters (`counters` rows and each entry's `hits`) gathered in memory and written
/// in one transaction: when asked (`Store.flushCounters()`, which plan does at the end of every command),
/// and as a fallback when the store goes away (this object's `deinit`), so a cache hit costs no write
/// transaction. Owned by `Store`.
final class CacheCounters {
    private let connection: Connection
    private var counts: [String: Int] = [:]
    private var hits: [String: Int] = [:]

    init(connection: Connection) {
        self.connection = connection
    }

    deinit {
        // The last chance for counts a command gathered but did not flush. They are statistics: written
        // only when the lock is free, so a read-only command (a cached `show`) never waits behind another
        // process's write; when busy they are dropped, never anything else.
        guard !isEmpty else { return }
        connection.setBusyTimeout(milliseconds: 0)
        try? flush()
    }

    /// Adds `times` to a counter, and one to the entry's hits for a `cache.hit` with its URL.
    func add(_ counter: String, url: String?, times: Int) {
        guard times > 0 else { return }
        counts[counter, default: 0] += times
        if counter == "cache.hit", let url {
            hits[url, default: 0] += 1
        }
    }

    /// Whether anything waits to be written.
    var isEmpty: Bool { counts.isEmpty && hits.isEmpty }

    /// Writes what was gathered, in one `BEGIN IMMEDIATE` transaction; kept for the next try on failure.
    func flush() throws {
        guard !isEmpty else { return }
        try connection.write {
            for (name, value) in counts.sorted(by: { $0.key < $1.key }) {
                try connection.query(
                    """
                    INSERT INTO counters (name, value) VALUES (?, ?)
                    ON CONFLICT (name) DO UPDATE SET value = value + excluded.value
                    """,
                    [name, value]
                )
            }
            for (url, value) in hits.sorted(by: { $0.key < $1.key }) {
                try connection.query("UPDATE http_cache SET hits = hits + ? WHERE url = ?", [value, url])
            }
        }
        counts = [:]
        hits = [:]
    }
}

@available(*, unavailable, message: "Belongs to one Store, like its connection.")
extension CacheCounters: Sendable {}
