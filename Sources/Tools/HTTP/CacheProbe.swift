import Foundation
import HTTPCore
import LanguageModels
import Model
import Store

/// The seam for the outside cache-tests suite (`cache-probe`, ../shared/tools/cache-tests/README.md): one
/// request line of JSON in, one answer line out. A GET goes through plan's real `HTTPClient` over a SQLite
/// store, as a `plan` command's would; any other method goes straight to the transport. Every exchange
/// the transport made is reported.
public enum CacheProbe {
    /// Runs one request line and returns the answer line (without its newline). Never throws: a request
    /// the probe cannot read is answered with `probe_error`.
    public static func answer(to line: Data) async -> Data {
        let object: [String: Any]
        do {
            object = try request(from: line)
            return serialize(try await run(object))
        } catch {
            let text = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            return serialize(["probe_error": text])
        }
    }

    /// A request line that cannot be run.
    public enum ProbeError: Error, LocalizedError {
        case badRequest(String)

        public var errorDescription: String? {
            switch self {
            case let .badRequest(detail): return "a request the probe cannot read: \(detail)"
            }
        }

        public var recoverySuggestion: String? {
            "Send one JSON object with at least db and url (../shared/tools/cache-tests/README.md)."
        }
    }

    static func request(from line: Data) throws -> [String: Any] {
        guard let object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw ProbeError.badRequest("not a JSON object")
        }
        return object
    }

    /// The request's settings, checked.
    struct Settings {
        var db: String
        var url: URL
        var method: String
        var headers: [(name: String, value: String)]
        var body: Data?
        var kind: ResourceKind
        var mode: FetchMode
        var retries: Int
        var timeout: TimeInterval

        init(_ object: [String: Any]) throws {
            guard let db = object["db"] as? String, !db.isEmpty else { throw ProbeError.badRequest("no db") }
            guard let text = object["url"] as? String, let url = URL(string: text) else { throw ProbeError.badRequest("no url") }
            self.db = db
            self.url = url
            method = (object["method"] as? String)?.uppercased() ?? "GET"
            headers = (object["headers"] as? [[Any]] ?? []).compactMap { pair in
                guard pair.count == 2, let name = pair[0] as? String, let value = pair[1] as? String else { return nil }
                return (name: name, value: value)
            }
            body = (object["body"] as? String).map { Data($0.utf8) }
            guard let kind = ResourceKind(rawValue: object["kind"] as? String ?? "alerts") else {
                throw ProbeError.badRequest("unknown kind")
            }
            self.kind = kind
            switch object["mode"] as? String ?? "normal" {
            case "normal": mode = .normal
            case "fresh": mode = .fresh
            case "offline": mode = .offline
            default: throw ProbeError.badRequest("unknown mode")
            }
            retries = (object["retries"] as? Int) ?? 3
            timeout = (object["timeout"] as? Double) ?? 15
        }
    }

    static func run(_ object: [String: Any]) async throws -> [String: Any] {
        let settings = try Settings(object)
        let started = Date()
        let transport = RecordingTransport(base: CurlTransport(timeout: settings.timeout), extraHeaders: settings.headers)
        let store = try Store(path: settings.db)
        var answer: [String: Any] = ["started_at": started.timeIntervalSince1970]
        if settings.method != "GET" {
            answer["through_cache"] = false
            var request = HTTPRequest(url: settings.url)
            request.httpMethod = settings.method
            request.httpBody = settings.body
            let limits = TransportLimits(deadline: settings.timeout, maximumBytes: settings.kind.maximumBodyBytes)
            let sent = try? await transport.send(request, limits: limits)
            answer["ok"] = sent != nil
        } else {
            answer.merge(await get(settings, store: store, transport: transport)) { _, new in new }
        }
        try? await store.flushCounters()
        if let stored = try? await store.cachedResponse(url: settings.url.absoluteString) {
            answer["stored"] = ["status": stored.status, "fetched_at": stored.fetchedAt.timeIntervalSince1970,
                                "expires_at": stored.expiresAt.timeIntervalSince1970]
        }
        answer["exchanges"] = transport.exchanges.map { exchange(of: $0, kind: settings.kind) }
        return answer
    }

    /// The GET through plan's client and cache, as answer fields.
    static func get(_ settings: Settings, store: Store, transport: any HTTPTransport) async -> [String: Any] {
        let client = HTTPClient(
            store: store, transport: transport,
            configuration: HTTPClient.Configuration(
                userAgent: "plan-cache-probe/1.0", maxAttempts: settings.retries, deadline: settings.timeout
            ),
            mode: settings.mode
        )
        do {
            let fetched = try await client.fetch(settings.url, service: "origin", kind: settings.kind, accept: "*/*")
            return [
                "ok": true, "origin": origin(fetched.origin), "status": fetched.status,
                "fetched_at": fetched.fetchedAt.timeIntervalSince1970, "body_b64": fetched.body.base64EncodedString(),
            ]
        } catch {
            var fields: [String: Any] = ["ok": false, "error": (error as? LocalizedError)?.errorDescription ?? "\(error)"]
            if let status = (error as? ServiceError)?.status { fields["error_status"] = status }
            return fields
        }
    }

    /// The contract's word for how the cache answered.
    static func origin(_ origin: FetchedResponse.Origin) -> String {
        switch origin {
        case .network: return "network"
        case .cache: return "cache"
        case .revalidated: return "revalidated"
        case .stale, .allowedStale: return "stale"
        case .offline: return "offline"
        }
    }

    /// One exchange as the contract has it, with the lifetime plan reads in the response's own fields.
    static func exchange(of record: RecordingTransport.Record, kind: ResourceKind) -> [String: Any] {
        var fields: [String: Any] = [
            "method": record.request.httpMethod, "url": record.request.url.absoluteString,
            "request_headers": record.request.headerFields.map { [$0.name, $0.value] },
        ]
        guard let response = record.response else {
            fields["transport_error"] = record.error ?? "no answer"
            return fields
        }
        fields["status"] = response.statusCode
        fields["headers"] = response.allHeaderFields
        fields["body_b64"] = record.body.base64EncodedString()
        if let lifetime = Freshness.explicitLifetime(of: response, receivedAt: Date()) {
            fields["plan_server_lifetime"] = lifetime
        }
        return fields
    }

    /// One line of JSON (keys sorted, so answers compare).
    static func serialize(_ object: [String: Any]) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data("{\"probe_error\":\"unserializable answer\"}".utf8)
    }
}
