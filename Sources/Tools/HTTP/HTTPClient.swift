import Foundation
import LanguageModels
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

    public let store: Store
    public let transport: any HTTPTransport
    public let configuration: Configuration
    public let mode: FetchMode
    let clock: @Sendable () -> Date
    let sleep: @Sendable (TimeInterval) async -> Void
    /// Told before each request goes out (for progress lines and the missing-contact warning).
    let onRequest: @Sendable (_ service: String, _ url: URL) -> Void

    public init(
        store: Store, transport: any HTTPTransport, configuration: Configuration, mode: FetchMode = .normal,
        clock: @escaping @Sendable () -> Date = { Date() },
        onRequest: @escaping @Sendable (_ service: String, _ url: URL) -> Void = { _, _ in },
        sleep: @escaping @Sendable (TimeInterval) async -> Void = { seconds in
            try? await Task.sleep(nanoseconds: seconds.sleepNanoseconds)
        }
    ) {
        self.store = store
        self.transport = transport
        self.configuration = configuration
        self.mode = mode
        self.clock = clock
        self.sleep = sleep
        self.onRequest = onRequest
    }

    /// GETs `url` through the cache. `accepts` checks a 2xx body before it is stored (a malformed body
    /// counts as a failure, so a stale good copy wins over fresh garbage).
    public func get(
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
            let origin: FetchedResponse.Origin = isFresh ? .cache : .offline
            return FetchedResponse(url: key, body: cached.body, origin: origin, fetchedAt: cached.fetchedAt)
        }
        if let cached, mode == .normal, Freshness.isFresh(cached, at: now, kind: kind) {
            try await store.count("cache.hit", url: key)
            return FetchedResponse(url: key, body: cached.body, origin: .cache, fetchedAt: cached.fetchedAt)
        }

        var request = HTTPRequest(url: url)
        request.setValue(configuration.userAgent(for: url), forHTTPHeaderField: "User-Agent")
        request.setValue(accept, forHTTPHeaderField: "Accept")
        if let cached {
            if let lastModified = cached.lastModified {
                request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since")
            }
            if let etag = cached.etag {
                request.setValue(etag, forHTTPHeaderField: "If-None-Match")
            }
        }

        let attempts = AttemptCounter()
        do {
            let limits = TransportLimits(deadline: configuration.deadline, maximumBytes: kind.maximumBodyBytes)
            let (data, response) = try await send(request, service: service, limits: limits, attempts: attempts)
            try await store.count("network.request", times: attempts.value)
            let received = clock()
            let lifetime = Freshness.lifetime(of: response, receivedAt: received, kind: kind)
            if response.statusCode == 304, let cached {
                try await store.refreshResponse(
                    url: key, expiresAt: received.addingTimeInterval(lifetime), validatedAt: received
                )
                try await store.count("cache.revalidated")
                return FetchedResponse(url: key, body: cached.body, origin: .revalidated, fetchedAt: cached.fetchedAt)
            }
            guard (200..<300).contains(response.statusCode), accepts(data) else {
                throw Failure.transient("an unreadable answer (HTTP \(response.statusCode))", isMalformed: true)
            }
            if !Freshness.forbidsStoring(response) {
                try await store.storeResponse(CachedResponse(
                    url: key, status: response.statusCode,
                    contentType: response.value(forHTTPHeaderField: "Content-Type"), body: data,
                    etag: response.value(forHTTPHeaderField: "ETag"),
                    lastModified: response.value(forHTTPHeaderField: "Last-Modified"),
                    fetchedAt: received, expiresAt: received.addingTimeInterval(lifetime), validatedAt: received
                ), maximumLifetime: kind.maximumLifetime)
            }
            try await store.count("cache.miss")
            return FetchedResponse(url: key, body: data, origin: .network, fetchedAt: received)
        } catch let Failure.transient(reason, isMalformed) {
            if let cached, now.timeIntervalSince(cached.fetchedAt) <= kind.maximumStaleness {
                try await store.count("network.request", times: attempts.value)
                try await store.count("cache.stale")
                return FetchedResponse(url: key, body: cached.body, origin: .stale(reason: reason), fetchedAt: cached.fetchedAt)
            }
            if isMalformed {
                throw ServiceError.malformed(service: service, detail: reason)
            }
            throw ServiceError.unavailable(service: service, reason: reason)
        } catch let Failure.permanent(error) {
            throw error
        }
    }

    // MARK: - Sending with retries

    enum Failure: Error {
        /// Worth a stale copy: 5xx, 429, a non-JSON error page, no answer at all, or a 2xx body that is
        /// not what the service sends (`isMalformed`).
        case transient(String, isMalformed: Bool = false)
        /// The service said no (4xx with a real error document): no stale copy papers over it.
        case permanent(ServiceError)
    }

    /// Requests sent for one `get`, written to the counters only when the fetch succeeds.
    final class AttemptCounter: @unchecked Sendable {
        // @unchecked Sendable: used by one task at a time, sequentially, within one `get`.
        var value = 0
    }

    private func send(
        _ request: HTTPRequest, service: String, limits: TransportLimits, attempts: AttemptCounter
    ) async throws -> (Data, HTTPResponse) {
        var lastReason = "no answer"
        // A host that refused or was not found earlier in this run fails at once: asking again cannot help.
        if let reason = UnreachableHosts.shared.failure(for: request.url) {
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
                UnreachableHosts.shared.clear(request.url)
                let status = response.statusCode
                if (200..<300).contains(status) || status == 304 {
                    return (data, response)
                }
                let problem = Problem(data: data)
                if (300..<400).contains(status) {
                    // A redirect plan did not follow (too many, or no Location): no body worth keeping.
                    throw Failure.transient("HTTP \(status) redirect that plan does not follow")
                }
                if status >= 500 || status == 429 || (problem == nil && (status == 403 || status == 408)) {
                    lastReason = problem.map { "HTTP \(status) \($0.title)" } ?? "HTTP \(status)"
                    continue
                }
                throw Failure.permanent(.problem(
                    service: service, status: status, title: problem?.title ?? HTTPResponse.localizedString(forStatusCode: status),
                    detail: problem?.detail, correlationID: problem?.correlationID
                ))
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
                    UnreachableHosts.shared.record(request.url, reason: reason)
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
                lastReason = error.localizedDescription
                continue
            }
        }
        throw Failure.transient(lastReason, isMalformed: false)
    }
}
