import FoundationEssentials
import HTTPCore
import JSON
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
        let object: [String: JSONValue]
        do {
            object = try request(from: line)
            return serialize(try await run(object))
        } catch {
            let text = (error as? LocalizedError)?.errorDescription ?? String(describing: error)
            return serialize(["probe_error": .string(text)])
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

    static func request(from line: Data) throws -> [String: JSONValue] {
        guard let object = (try? JSONValue.parse(line))?.objectValue else {
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

        init(_ object: [String: JSONValue]) throws {
            guard let db = object["db"]?.stringValue, !db.isEmpty else { throw ProbeError.badRequest("no db") }
            guard let text = object["url"]?.stringValue, let url = URL(string: text) else { throw ProbeError.badRequest("no url") }
            self.db = db
            self.url = url
            method = object["method"]?.stringValue?.uppercased() ?? "GET"
            headers = (object["headers"]?.arrayValue ?? []).compactMap { item in
                guard let pair = item.arrayValue, pair.count == 2, let name = pair[0].stringValue,
                      let value = pair[1].stringValue else { return nil }
                return (name: name, value: value)
            }
            body = object["body"]?.stringValue.map { Data($0.utf8) }
            guard let kind = ResourceKind(rawValue: object["kind"]?.stringValue ?? "alerts") else {
                throw ProbeError.badRequest("unknown kind")
            }
            self.kind = kind
            switch object["mode"]?.stringValue ?? "normal" {
            case "normal": mode = .normal
            case "fresh": mode = .fresh
            case "offline": mode = .offline
            default: throw ProbeError.badRequest("unknown mode")
            }
            retries = object["retries"]?.intValue ?? 3
            timeout = object["timeout"]?.doubleValue ?? 15
        }
    }

    static func run(_ object: [String: JSONValue]) async throws -> [String: JSONValue] {
        let settings = try Settings(object)
        let started = Date()
        let transport = RecordingTransport(base: CurlTransport(timeout: settings.timeout), extraHeaders: settings.headers)
        let store = try Store(path: settings.db)
        var answer: [String: JSONValue] = ["started_at": .number(started.timeIntervalSince1970)]
        if settings.method != "GET" {
            answer["through_cache"] = .bool(false)
            var request = HTTPRequest(url: settings.url)
            request.httpMethod = settings.method
            request.httpBody = settings.body
            let limits = TransportLimits(deadline: settings.timeout, maximumBytes: settings.kind.maximumBodyBytes)
            let sent = try? await transport.send(request, limits: limits)
            answer["ok"] = .bool(sent != nil)
        } else {
            answer.merge(await get(settings, store: store, transport: transport)) { _, new in new }
        }
        try? await store.flushCounters()
        if let stored = try? await store.cachedResponse(url: settings.url.absoluteString) {
            answer["stored"] = [
                "status": .number(Double(stored.status)), "fetched_at": .number(stored.fetchedAt.timeIntervalSince1970),
                "expires_at": .number(stored.expiresAt.timeIntervalSince1970),
            ]
        }
        answer["exchanges"] = .array(transport.exchanges.map { .object(exchange(of: $0, kind: settings.kind)) })
        return answer
    }

    /// The GET through plan's client and cache, as answer fields.
    static func get(_ settings: Settings, store: Store, transport: any HTTPTransport) async -> [String: JSONValue] {
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
                "ok": true, "origin": .string(origin(fetched.origin)), "status": .number(Double(fetched.status)),
                "fetched_at": .number(fetched.fetchedAt.timeIntervalSince1970),
                "body_b64": .string(fetched.body.base64EncodedString()),
            ]
        } catch {
            var fields: [String: JSONValue] = ["ok": false, "error": .string((error as? LocalizedError)?.errorDescription ?? "\(error)")]
            if let status = (error as? ServiceError)?.status { fields["error_status"] = .number(Double(status)) }
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
    static func exchange(of record: RecordingTransport.Record, kind: ResourceKind) -> [String: JSONValue] {
        var fields: [String: JSONValue] = [
            "method": .string(record.request.httpMethod), "url": .string(record.request.url.absoluteString),
            "request_headers": .array(record.request.headerFields.map { [.string($0.name), .string($0.value)] }),
        ]
        guard let response = record.response else {
            fields["transport_error"] = .string(record.error ?? "no answer")
            return fields
        }
        fields["status"] = .number(Double(response.statusCode))
        fields["headers"] = .object(response.allHeaderFields.mapValues { .string($0) })
        fields["body_b64"] = .string(record.body.base64EncodedString())
        if let lifetime = Freshness.explicitLifetime(of: response, receivedAt: Date()) {
            fields["plan_server_lifetime"] = .number(lifetime)
        }
        return fields
    }

    /// One line of JSON (keys sorted, so answers compare).
    static func serialize(_ object: [String: JSONValue]) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(JSONValue.object(object))) ?? Data("{\"probe_error\":\"unserializable answer\"}".utf8)
    }
}
