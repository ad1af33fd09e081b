import FoundationEssentials
import Model

extension Store {
    // MARK: - HTTP cache

    /// The cached response for `url`, fresh or not.
    public func cachedResponse(url: String) throws -> CachedResponse? {
        guard let row = try connection.first(
            """
            SELECT url, status, content_type, body, etag, last_modified, fetched_at, expires_at, validated_at,
                   headers
            FROM http_cache WHERE url = ?
            """,
            [url]
        ) else { return nil }
        return CachedResponse(
            url: try row.string("url"), status: try row.int("status"),
            contentType: try row.optionalString("content_type"), body: try row.data("body"),
            etag: try row.optionalString("etag"), lastModified: try row.optionalString("last_modified"),
            fetchedAt: Date(timeIntervalSince1970: try row.double("fetched_at")),
            expiresAt: Date(timeIntervalSince1970: try row.double("expires_at")),
            validatedAt: Date(timeIntervalSince1970: try row.double("validated_at")),
            headers: CachedResponse.decode(headers: try row.optionalString("headers"))
        )
    }

    /// The decoded record kept beside `url`'s body, when the entry is fresh at `now` (by `CacheFreshness`,
    /// the rule `HTTPClient.get` applies, with the kind's `maximumLifetime`) and has one: a cache hit that
    /// reads neither the body nor decodes it.
    public func freshDecoded(url: String, at now: Date, maximumLifetime: TimeInterval) throws -> DecodedResponse? {
        guard let row = try connection.first(
            "SELECT fetched_at, expires_at, validated_at, decoded FROM http_cache WHERE url = ?", [url]
        ) else { return nil }
        guard CacheFreshness.isFresh(
                expiresAt: Date(timeIntervalSince1970: try row.double("expires_at")),
                validatedAt: Date(timeIntervalSince1970: try row.double("validated_at")),
                at: now, maximumLifetime: maximumLifetime
              ),
              let record = try row.optionalString("decoded")
        else { return nil }
        return DecodedResponse(
            url: url, fetchedAt: Date(timeIntervalSince1970: try row.double("fetched_at")), record: record
        )
    }

    /// Keeps `record` (what `url`'s body decodes to) beside the body, if the body is still the one
    /// fetched at `fetchedAt`.
    public func storeDecoded(url: String, fetchedAt: Date, record: String) throws {
        try connection.write {
            try connection.query(
                "UPDATE http_cache SET decoded = ? WHERE url = ? AND fetched_at = ?",
                [record, url, fetchedAt.timeIntervalSince1970]
            )
        }
    }

    /// Stores (or replaces) a response, with the longest its kind may be used
    /// (`maximumLifetime`, which `cache stats` and `cache prune` judge it by). Skipped, with nothing
    /// written, when the disk cannot take it (`skippingStorageFailure`).
    public func storeResponse(_ response: CachedResponse, maximumLifetime: TimeInterval? = nil) throws {
        let lifetime = maximumLifetime.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        try skippingStorageFailure {
            try connection.query(
                """
                INSERT INTO http_cache (url, status, content_type, body, etag, last_modified,
                                        fetched_at, expires_at, validated_at, maximum_lifetime, headers)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT (url) DO UPDATE SET
                    status = excluded.status, content_type = excluded.content_type, body = excluded.body,
                    etag = excluded.etag, last_modified = excluded.last_modified,
                    fetched_at = excluded.fetched_at, expires_at = excluded.expires_at,
                    validated_at = excluded.validated_at, maximum_lifetime = excluded.maximum_lifetime,
                    headers = excluded.headers, decoded = NULL
                """,
                [response.url, response.status, response.contentType, response.body, response.etag,
                 response.lastModified, response.fetchedAt.timeIntervalSince1970,
                 response.expiresAt.timeIntervalSince1970, response.validatedAt.timeIntervalSince1970, lifetime,
                 CachedResponse.encode(headers: response.headers)]
            )
        }
    }

    /// After a 304: the stored body is fresh again until `expiresAt`, with the header fields `headers`
    /// (the stored ones updated by the 304's, RFC 9111 §4.3.4) and the validators in them. Skipped like
    /// `storeResponse`.
    public func refreshResponse(
        url: String, headers: [String: String], etag: String?, lastModified: String?, expiresAt: Date, validatedAt: Date
    ) throws {
        try skippingStorageFailure {
            try connection.query(
                """
                UPDATE http_cache SET expires_at = ?, validated_at = ?, headers = ?, etag = ?, last_modified = ?
                WHERE url = ?
                """,
                [expiresAt.timeIntervalSince1970, validatedAt.timeIntervalSince1970,
                 CachedResponse.encode(headers: headers), etag, lastModified, url]
            )
        }
    }

    /// Runs a cache write in its own transaction, and skips it when the disk will not take it (full, the
    /// file read-only, a failed write) or another process holds the write lock past `cacheWriteWait`: the
    /// cache only saves a request next time, and the answer in hand is still good, so a read-only command
    /// (`show` of an unpacked trip) shows on a full disk, and a `show` that had to revalidate a document
    /// does not wait out another command's long transaction. The transaction is rolled back, so the database
    /// keeps what it had. Anything else (a damaged file) throws.
    private func skippingStorageFailure(_ body: () throws -> Void) throws {
        connection.setBusyTimeout(milliseconds: Self.cacheWriteWaitMilliseconds)
        defer { connection.setBusyTimeout(milliseconds: Connection.defaultBusyMilliseconds) }
        do {
            try connection.write(body)
        } catch let error as StoreError {
            switch error {
            case .diskFull, .readOnly, .ioFailure: return
            case _ where error.isBusy: return
            default: throw error
            }
        }
    }

    /// How long a cache write waits for another process's write lock before it is skipped (as the counters
    /// wait at the end of a command).
    static let cacheWriteWaitMilliseconds: Int32 = 1_000

    /// Adds to a cache counter (`cache.hit`, `cache.miss`, `cache.revalidated`, `cache.stale`,
    /// `network.request`), and one to the entry's hits for a hit. Kept in memory until `flushCounters()`
    /// (or the store's end), so a hit costs no write transaction.
    public func count(_ counter: String, url: String? = nil, times: Int = 1) throws {
        counters.add(counter, url: url, times: times)
    }

    /// Writes the counters gathered since the last flush, in one transaction (none when there are none).
    /// `waitingAtMost` bounds the wait for another process's write lock (plan's end of command: a second,
    /// enough for other commands' short transactions, so racing commands lose no counts; behind a longer
    /// writer it throws busy and the counts stay in memory for the store's `deinit`, which drops them
    /// rather than wait). The connection's usual 10 s wait is restored afterwards.
    public func flushCounters(waitingAtMost wait: Duration? = nil) throws {
        guard let wait, !counters.isEmpty else { return try counters.flush() }
        let milliseconds = Int32(clamping: wait.components.seconds * 1000 + wait.components.attoseconds / 1_000_000_000_000_000)
        connection.setBusyTimeout(milliseconds: milliseconds)
        defer { connection.setBusyTimeout(milliseconds: Connection.defaultBusyMilliseconds) }
        try counters.flush()
    }

    /// The cache's size and how it has answered; `expired` counts the entries a read would not use
    /// (`CacheFreshness`, each with its kind's lifetime), the ones `pruneCache` drops.
    public func cacheStatistics() throws -> CacheStatistics {
        try flushCounters()
        let entries = try cacheEntryAges()
        let now = clock()
        var counters: [String: Int] = [:]
        for row in try connection.query("SELECT name, value FROM counters") {
            // A count, range-checked: the hit rate adds them, and 2^63 hits would trap that sum.
            let name = try row.string("name")
            guard let value = try? row.count("value") else {
                throw StoreError.corruptValue(column: "counters.value (\(name))", detail: "not a believable count")
            }
            counters[name] = value
        }
        return CacheStatistics(
            entries: entries.count, bytes: entries.reduce(0) { $0 &+ $1.bytes },
            expired: entries.filter { !$0.isFresh(at: now) }.count, hits: counters["cache.hit"] ?? 0,
            misses: counters["cache.miss"] ?? 0, revalidated: counters["cache.revalidated"] ?? 0,
            stale: counters["cache.stale"] ?? 0, networkRequests: counters["network.request"] ?? 0
        )
    }

    /// Drops the entries a read would no longer use as fresh (`CacheFreshness`, each judged by its own
    /// kind's lifetime; entries stored before lifetimes were kept, by the longest any kind has). Pinned
    /// forecasts live in their own table and are never touched. Returns how many entries and body bytes went.
    public func pruneCache() throws -> (entries: Int, bytes: Int) {
        try connection.write {
            let now = clock()
            let expired = try cacheEntryAges().filter { !$0.isFresh(at: now) }
            for entry in expired {
                try connection.query("DELETE FROM http_cache WHERE url = ?", [entry.url])
            }
            return (expired.count, expired.reduce(0) { $0 &+ $1.bytes })
        }
    }

    /// Every entry's times and size, without its body.
    private func cacheEntryAges() throws -> [CacheEntryAge] {
        try connection.query(
            "SELECT url, expires_at, validated_at, maximum_lifetime, length(body) AS bytes FROM http_cache"
        ).map { row in
            CacheEntryAge(
                url: try row.string("url"),
                expiresAt: Date(timeIntervalSince1970: try row.double("expires_at")),
                validatedAt: Date(timeIntervalSince1970: try row.double("validated_at")),
                maximumLifetime: try row.optionalDouble("maximum_lifetime") ?? Self.maximumCacheLifetime,
                bytes: try row.int("bytes")
            )
        }
    }

    /// The longest lifetime plan gives any cached response (the climate archive: a year), by which entries
    /// stored before each kept its own are judged.
    public static let maximumCacheLifetime: TimeInterval = 365 * 86_400
}

