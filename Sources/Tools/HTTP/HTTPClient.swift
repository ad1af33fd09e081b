import FoundationEssentials
import Basics
import Glibc
import HTTPCore
import LanguageModels
import Model
import Store

/// GETs that read through Store's HTTP cache: fresh copies make no request, stale ones are revalidated,
/// failures fall back to a stale copy (saying how old), and only successful bodies are ever stored.
public struct HTTPClient: Sendable {
    /// Retry and identity settings.
    public struct Configuration: Sendable {
        /// The User-Agent sent everywhere ("plan/0.3").
        public var userAgent: String
        /// A contact (email or URL) added to the User-Agent, for the hosts in `contactOrigins` only.
        public var contact: String?
        /// The services that asked for a contact (NWS): a request goes with it only to the same scheme,
        /// host and port as one of these.
        public var contactOrigins: [URL]
        /// Tries per request for 5xx, 429 and network failures (4xx are never retried).
        public var maxAttempts: Int
        /// The first backoff delay; each retry doubles it, with ±50% jitter.
        public var baseDelay: TimeInterval
        /// Seconds one attempt may take from sending to the last byte, however the server trickles.
        public var deadline: TimeInterval

        public init(
            userAgent: String, contact: String? = nil, contactOrigins: [URL] = [], maxAttempts: Int = 3,
            baseDelay: TimeInterval = 0.5, deadline: TimeInterval = 15
        ) {
            self.userAgent = userAgent
            self.contact = contact
            self.contactOrigins = contactOrigins
            self.maxAttempts = max(1, maxAttempts)
            self.baseDelay = baseDelay
            self.deadline = deadline
        }

        /// The User-Agent for a request to `url`: with the contact only for the origins that asked for it.
        public func userAgent(for url: URL) -> String {
            guard let contact, contactOrigins.contains(where: { CurlTransport.isSameOrigin($0, url) }) else {
                return userAgent
            }
            return "\(userAgent) (\(contact))"
        }
    }

    /// The HTTP cache (the database, seen only through what the cache needs).
    public let store: any HTTPCacheStore
    public let transport: any HTTPTransport
    public let configuration: Configuration
    public let mode: FetchMode
    let clock: @Sendable () -> Date
    let sleep: @Sendable (TimeInterval) async -> Void
    /// Told before each request goes out (for progress lines and the missing-contact warning).
    let onRequest: @Sendable (_ service: String, _ url: URL) -> Void
    /// The hosts this run could not reach (the process's one memo unless given another).
    let unreachableHosts: UnreachableHosts

    public init(
        store: any HTTPCacheStore, transport: any HTTPTransport, configuration: Configuration, mode: FetchMode = .normal,
        clock: @escaping @Sendable () -> Date = { Date() },
        onRequest: @escaping @Sendable (_ service: String, _ url: URL) -> Void = { _, _ in },
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: seconds.sleepNanoseconds)
        },
        unreachableHosts: UnreachableHosts = .shared
    ) {
        self.store = store
        self.unreachableHosts = unreachableHosts
        self.transport = transport
        self.configuration = configuration
        self.mode = mode
        self.clock = clock
        self.sleep = sleep
        self.onRequest = onRequest
    }

    /// GETs `url` through the cache and hands back a successful (2xx) body; any other answer, stored or
    /// fresh, is thrown as a `ServiceError`. `accepts` checks a 2xx body before it is stored (a malformed
    /// body counts as a failure, so a stale good copy wins over fresh garbage).
    public func get(
        _ url: URL, service: String, kind: ResourceKind, accept: String = "application/json",
        accepts: @Sendable (Data) -> Bool = { _ in true }
    ) async throws -> FetchedResponse {
        let answer = try await fetch(url, service: service, kind: kind, accept: accept, accepts: accepts)
        if let error = Self.serviceError(for: answer, service: service) { throw error }
        return answer
    }

    /// GETs `url` through the cache as RFC 9111 has a private cache do it, handing back whatever answered —
    /// any status, from the store or the origin (`status` says which status; `get` wants 2xx only):
    ///
    /// - a stored copy that is fresh, or stale within the server's `stale-while-revalidate`, answers with no
    ///   request (`CacheReuse`);
    /// - otherwise the origin is asked, conditionally when a copy is stored (`If-None-Match`,
    ///   `If-Modified-Since`); a 304 refreshes the stored copy and its header fields;
    /// - a storable answer (`Freshness.isStorable`) replaces the stored one, except a server error (5xx),
    ///   which plan never stores;
    /// - when the origin cannot answer (no connection, a 5xx, a malformed body), a stored copy stale by less
    ///   than the kind's limit or the server's `stale-if-error` stands in (`CacheReuse.servesOnError`), else
    ///   the failure is thrown.
    ///
    /// Offline mode serves the stored copy whatever its age (`.offline` when stale), or throws.
    public func fetch(
        _ url: URL, service: String, kind: ResourceKind, accept: String = "application/json",
        accepts: @Sendable (Data) -> Bool = { _ in true }
    ) async throws -> FetchedResponse {
        let key = url.absoluteString
        let cached = try await store.cachedResponse(url: key)
        let now = clock()
        if mode == .offline {
            guard let cached else { throw ServiceError.offline(service: service) }
            let isFresh = Freshness.isFresh(cached, at: now, kind: kind)
            try await store.count(isFresh ? "cache.hit" : "cache.stale", url: key)
            return Self.answer(cached, origin: isFresh ? .cache : .offline)
        }
        if let cached {
            switch CacheReuse.decide(cached, at: now, kind: kind, mode: mode) {
            case .fresh:
                try await store.count("cache.hit", url: key)
                return Self.answer(cached, origin: .cache)
            case .allowedStale:
                try await store.count("cache.hit", url: key)
                return Self.answer(cached, origin: .allowedStale)
            case .validate:
                break
            }
        }
        let exchange = Exchange(
            key: key, service: service, kind: kind, cached: cached, requestedAt: now
        )
        let attempts = AttemptCounter()
        do {
            let limits = TransportLimits(deadline: configuration.deadline, maximumBytes: kind.maximumBodyBytes)
            let request = makeRequest(url, accept: accept, cached: cached)
            let (data, response) = try await send(request, service: service, limits: limits, attempts: attempts)
            try await store.count("network.request", times: attempts.value)
            attempts.value = 0  // counted
            return try await receive(data, response, exchange, accepts: accepts)
        } catch let Failure.transient(reason, isMalformed) {
            if let cached, CacheReuse.servesOnError(cached, at: clock(), kind: kind) {
                if attempts.value > 0 { try await store.count("network.request", times: attempts.value) }
                try await store.count("cache.stale")
                return Self.answer(cached, origin: .stale(reason: reason))
            }
            if isMalformed {
                throw ServiceError.malformed(service: service, detail: reason)
            }
            throw ServiceError.unavailable(service: service, reason: reason)
        }
    }

    /// One GET's facts while its answer is awaited.
    struct Exchange {
        var key: String
        var service: String
        var kind: ResourceKind
        var cached: CachedResponse?
        var requestedAt: Date
    }

    /// The GET for `url`: plan's User-Agent and `Accept`, the stored copy's validators, and in `--fresh`
    /// mode `Cache-Control: max-age=0`, so caches on the way revalidate too.
    func makeRequest(_ url: URL, accept: String, cached: CachedResponse?) -> HTTPRequest {
        var request = HTTPRequest(url: url)
        request.setValue(configuration.userAgent(for: url), forHTTPHeaderField: "User-Agent")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if mode == .fresh {
            request.setValue("max-age=0", forHTTPHeaderField: "Cache-Control")
        }
        if let cached {
            if let etag = cached.etag {
                request.setValue(etag, forHTTPHeaderField: "If-None-Match")
            }
            if let lastModified = cached.lastModified {
                request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
        }
        return request
    }

    /// What the origin's answer makes of the GET: a 304 refreshes the stored copy; a server error falls back
    /// to a stale copy when one may stand in; anything storable is stored.
    func receive(
        _ data: Data, _ response: HTTPResponse, _ exchange: Exchange, accepts: @Sendable (Data) -> Bool
    ) async throws -> FetchedResponse {
        let received = clock()
        let status = response.statusCode
        if status == 304 {
            guard let cached = exchange.cached else {
                throw Failure.transient("an unreadable answer (HTTP 304 to an unconditional request)", isMalformed: true)
            }
            return try await revalidated(cached, by: response, exchange, receivedAt: received)
        }
        if (200..<300).contains(status), !accepts(data) {
            throw Failure.transient("an unreadable answer (HTTP \(status))", isMalformed: true)
        }
        let isServerError = status >= 500 || Self.isTransientRefusal(status, data)
        if isServerError, let cached = exchange.cached, CacheReuse.servesOnError(cached, at: received, kind: exchange.kind) {
            try await store.count("cache.stale")
            return Self.answer(cached, origin: .stale(reason: Self.failureReason(status, data)))
        }
        // A server error is never stored, whatever it says (a 500 from NWS once carried max-age=86400): the
        // failure is not kept, and a stored copy stays for stale-if-error and --offline.
        if Freshness.isStorable(response), status < 500 {
            try await store.storeResponse(CachedResponse(
                url: exchange.key, status: status, contentType: response.value(forHTTPHeaderField: "Content-Type"),
                body: data, etag: response.value(forHTTPHeaderField: "ETag"),
                lastModified: response.value(forHTTPHeaderField: "Last-Modified"), fetchedAt: received,
                expiresAt: Freshness.expiry(of: response, requestedAt: exchange.requestedAt, receivedAt: received, kind: exchange.kind),
                validatedAt: received, headers: response.allHeaderFields
            ), maximumLifetime: exchange.kind.maximumLifetime)
        }
        try await store.count("cache.miss")
        return FetchedResponse(url: exchange.key, body: data, origin: .network, fetchedAt: received, status: status)
    }

    /// After a 304: the stored header fields updated with the 304's (RFC 9111 §4.3.4), freshness computed
    /// again from them, and the stored body handed back.
    func revalidated(
        _ cached: CachedResponse, by response: HTTPResponse, _ exchange: Exchange, receivedAt received: Date
    ) async throws -> FetchedResponse {
        var headers = cached.headers
        for (name, value) in response.allHeaderFields where name.lowercased() != "content-length" {
            for old in headers.keys where old.equalsIgnoringCase(name) { headers[old] = nil }
            headers[name] = value
        }
        let merged = HTTPResponse(url: response.url, statusCode: cached.status, headerFields: headers)
        let expires = Freshness.expiry(of: merged, requestedAt: exchange.requestedAt, receivedAt: received, kind: exchange.kind)
        try await store.refreshResponse(
            url: exchange.key, headers: headers, etag: merged.value(forHTTPHeaderField: "ETag"),
            lastModified: merged.value(forHTTPHeaderField: "Last-Modified"), expiresAt: expires, validatedAt: received
        )
        try await store.count("cache.revalidated")
        return Self.answer(cached, origin: .revalidated)
    }

    /// A stored response handed back as it was fetched.
    static func answer(_ cached: CachedResponse, origin: FetchedResponse.Origin) -> FetchedResponse {
        FetchedResponse(url: cached.url, body: cached.body, origin: origin, fetchedAt: cached.fetchedAt, status: cached.status)
    }

    /// A 4xx that says "not now" rather than "no": 429, and a 403 or 408 without a problem document (a
    /// gateway's page). Retried, and a stale copy may stand in for it, as for a 5xx.
    static func isTransientRefusal(_ status: Int, _ data: Data) -> Bool {
        status == 429 || ((status == 403 || status == 408) && Problem(data: data) == nil)
    }

    /// "HTTP 500 Unexpected Problem" (with the problem document's title), or "HTTP 503".
    static func failureReason(_ status: Int, _ data: Data) -> String {
        Problem(data: data).map { "HTTP \(status) \($0.title)" } ?? "HTTP \(status)"
    }

    /// The error `get` throws for a non-2xx answer: a problem for a 4xx the service meant, unavailable for
    /// a server error or a transient refusal. Nil for a 2xx.
    static func serviceError(for answer: FetchedResponse, service: String) -> ServiceError? {
        let status = answer.status
        guard !(200..<300).contains(status) else { return nil }
        if status >= 500 || status < 400 || isTransientRefusal(status, answer.body) {
            return .unavailable(service: service, reason: failureReason(status, answer.body))
        }
        let problem = Problem(data: answer.body)
        return .problem(
            service: service, status: status, title: problem?.title ?? HTTPResponse.localizedString(forStatusCode: status),
            detail: problem?.detail, correlationID: problem?.correlationID
        )
    }

    // MARK: - Sending with retries

    enum Failure: Error {
        /// Worth a stale copy: no answer at all, a redirect plan does not follow, or a 2xx body that is not
        /// what the service sends (`isMalformed`).
        case transient(String, isMalformed: Bool = false)
    }

    /// Requests sent for one `get`, written to the counters only when the fetch succeeds.
    final class AttemptCounter: @unchecked Sendable {
        // @unchecked Sendable: used by one task at a time, sequentially, within one `get`.
        var value = 0
    }

    /// Sends `request`, retrying 5xx, 429, a transient refusal and network failures up to `maxAttempts`
    /// (with backoff); hands back the last answer of any status (a 4xx at once). Throws `Failure.transient`
    /// when no answer came or the answer is a redirect plan did not follow.
    private func send(
        _ request: HTTPRequest, service: String, limits: TransportLimits, attempts: AttemptCounter
    ) async throws -> (Data, HTTPResponse) {
        var lastReason = "no answer"
        // A host that refused or was not found earlier in this run fails at once: asking again cannot help.
        if let reason = unreachableHosts.failure(for: request.url) {
            throw Failure.transient(reason)
        }
        for attempt in 1...configuration.maxAttempts {
            if attempt > 1 {
                let delay = configuration.baseDelay * pow(2, Double(attempt - 2))
                await sleep(delay * Double.random(in: 0.5...1.5))
            }
            do {
                attempts.value += 1
                onRequest(service, request.url)
                let (data, response) = try await transport.send(request, limits: limits)
                unreachableHosts.clear(request.url)
                let status = response.statusCode
                if (300..<400).contains(status), status != 304 {
                    // A redirect plan did not follow (too many, or no Location): no body worth keeping.
                    throw Failure.transient("HTTP \(status) redirect that plan does not follow")
                }
                let retryable = status >= 500 || Self.isTransientRefusal(status, data)
                if retryable, attempt < configuration.maxAttempts {
                    lastReason = Self.failureReason(status, data)
                    continue
                }
                return (data, response)
            } catch let error as TransportError {
                switch error {
                case .tooLarge:
                    throw Failure.transient(error.errorDescription ?? "too large", isMalformed: true)
                case .redirectRefused, .tooManyRedirects, .unavailable, .unsupportedURL, .tls:
                    // Asking again would meet the same answer.
                    throw Failure.transient(error.errorDescription ?? "no request possible")
                case .connectionRefused, .hostNotFound:
                    // Nothing listens there, or the name does not resolve (an offline machine): a retry meets the
                    // same answer, and so would every other request to that host in this run.
                    let reason = error.errorDescription ?? "no answer"
                    unreachableHosts.record(request.url, reason: reason)
                    throw Failure.transient(reason)
                case .deadlineExceeded, .timedOut, .connectionLost, .noAnswer, .badAnswer, .failed:
                    lastReason = error.errorDescription ?? "no answer"
                    continue
                }
            } catch let failure as Failure {
                throw failure
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                lastReason = ErrorText.describe(error)
                continue
            }
        }
        throw Failure.transient(lastReason, isMalformed: false)
    }
}
