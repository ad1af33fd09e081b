import FoundationEssentials
import JSON

/// The protocol layer of `plan mcp`: JSON-RPC 2.0 messages in, answers out, in either of the Model Context
/// Protocol's eras, decided by the client's first request: `initialize` opens the handshake era (2025-11-25,
/// 2025-06-18, 2025-03-26); a request carrying the 2026-07-28 envelope in `_meta` (first `server/discover`)
/// opens the modern one. Requests that do work run as their own tasks, so `notifications/cancelled` can stop
/// one and other requests are answered while a tool runs; a client that gave a `progressToken` hears what the
/// work is doing. Changes to the resources (from this server, the command line or another process on the same
/// database) reach a listening client: `subscriptions/listen` in the modern era, `notifications/resources/…`
/// in the handshake era. Answers go to `send`, one message at a time.
public actor MCPServer {
    /// The most requests running at once; more are refused until one ends.
    public static let maximumInFlight = 16
    /// The most `subscriptions/listen` streams open at once.
    public static let maximumListeners = 16

    let catalog: any MCPCatalog
    let serverVersion: String
    let send: @Sendable (JSONValue) async -> Void
    /// How often the resources are compared with the last look, while someone listens.
    let pollInterval: Duration
    /// The era the first request chose; nil before.
    var era: MCPEra?
    /// What the client asked to hear through `notifications/message` (nil: nothing; handshake era).
    var logLevel: MCPLogLevel?
    var running: [JSONValue: Task<Void, Never>] = [:]
    var cancelled: Set<JSONValue> = []
    /// Open `subscriptions/listen` streams (modern era) by request id.
    var listeners: [JSONValue: MCPListenFilter] = [:]
    /// `resources/subscribe`d URIs (handshake era).
    var subscribed: Set<String> = []
    /// Each resource's version at the last look; nil before the first.
    var versions: [String: String]?
    var watcher: Task<Void, Never>?
    var checking = false
    var checkAgain = false
    var announceAgain = false

    /// A server over `catalog`, answering through `send`, looking for changed resources every `pollInterval`.
    public init(
        catalog: any MCPCatalog, version: String, pollInterval: Duration = .seconds(1),
        send: @escaping @Sendable (JSONValue) async -> Void
    ) {
        self.catalog = catalog
        self.serverVersion = version
        self.pollInterval = pollInterval
        self.send = send
    }

    /// Handles one line of input: a request, a notification, or something that is neither (answered with
    /// a JSON-RPC error; the server goes on).
    public func receive(_ line: String) async {
        guard !line.allSatisfy(\.isWhitespace) else { return }
        let message: JSONValue
        do {
            message = try JSONValue.parse(line)
        } catch {
            return await send(Self.errorResponse(.null, .parse("the line is not JSON.")))
        }
        await receive(message)
    }

    /// A line longer than the reader's budget (its bytes were dropped).
    public func receiveOversized(limit: Int) async {
        await send(Self.errorResponse(.null, .parse("the line is longer than \(limit) bytes; it was dropped.")))
    }

    /// Handles one parsed message.
    public func receive(_ message: JSONValue) async {
        guard case let .object(object) = message else {
            let what = message.arrayValue != nil ? "batches are not supported; send one message a line." : "a message is a JSON object."
            return await send(Self.errorResponse(.null, .invalidRequest(what)))
        }
        let id = object["id"]
        if let id, !Self.isValidID(id) {
            return await send(Self.errorResponse(.null, .invalidRequest("the id must be a string or an integer.")))
        }
        guard object["jsonrpc"] == "2.0" else {
            return await send(Self.errorResponse(id ?? .null, .invalidRequest("jsonrpc must be \"2.0\".")))
        }
        guard let method = object["method"]?.stringValue else {
            // A response to a request of ours (plan sends none) or nonsense.
            if id != nil, object["result"] != nil || object["error"] != nil { return }
            return await send(Self.errorResponse(id ?? .null, .invalidRequest("the message has no method.")))
        }
        let params = object["params"] ?? .null
        guard let id else { return notify(method, params: params) }
        if params != .null, params.objectValue == nil {
            return await send(Self.errorResponse(id, .invalidParams("params must be an object.")))
        }
        await request(MCPRequest(id: id, method: method, params: params))
    }

    /// Waits for every running request to answer (at the end of input); not for those the client cancelled,
    /// which get no answer (a host gives a server two seconds after closing stdin before it ends it). Open
    /// listen streams are closed gracefully.
    public func finish() async {
        while let (_, task) = running.first(where: { !cancelled.contains($0.key) }) {
            await task.value
        }
        watcher?.cancel()
        watcher = nil
        for id in listeners.keys.sorted(by: { $0.compactText < $1.compactText }) {
            await send(Self.response(id, modernResult([:])))
        }
        listeners = [:]
        await catalog.end()
    }

    // MARK: - Requests

    /// Answers a request by the era's table, choosing the era on the first request.
    private func request(_ request: MCPRequest) async {
        let (id, method, params) = (request.id, request.method, request.params)
        let envelope = MCPEnvelope(params)
        switch era {
        case nil:
            if method == "initialize" { return await initialize(request) }
            guard let envelope else {
                if method == "ping" { return await send(Self.response(id, [:])) }
                return await send(Self.errorResponse(id, .invalidRequest("the session is not initialized; send initialize first (or server/discover, 2026-07-28).")))
            }
            guard envelope.version == MCPVersion.modern else {
                return await send(Self.errorResponse(id, .unsupportedVersion(envelope.version)))
            }
            era = .modern
            await catalog.begin(client: envelope.client)
            await dispatch(request, by: .modern)
        case let .handshake(version):
            if method == "initialize" { return await initialize(request) }
            if envelope != nil {
                return await send(Self.errorResponse(id, .invalidRequest(
                    "this connection speaks protocol revision \(version), agreed at initialize; a request with the 2026-07-28 envelope needs a new connection."
                )))
            }
            await dispatch(request, by: .handshake)
        case .modern:
            if method == "initialize" {
                return await send(Self.errorResponse(id, .unsupportedVersion(params["protocolVersion"]?.stringValue ?? "none")))
            }
            guard let envelope else {
                return await send(Self.errorResponse(id, .invalidRequest(
                    "a 2026-07-28 request carries its protocol revision in params._meta[\"\(MCPEnvelope.versionKey)\"]."
                )))
            }
            guard envelope.version == MCPVersion.modern else {
                return await send(Self.errorResponse(id, .unsupportedVersion(envelope.version)))
            }
            await dispatch(request, by: .modern)
        }
    }

    /// Runs the handler `table` has for the request's method, or answers that there is none.
    private func dispatch(_ request: MCPRequest, by table: MCPMethodTable) async {
        guard let handler = table.handler(for: request.method) else {
            if case let .handshake(version) = era, MCPMethodTable.modern.handler(for: request.method) != nil {
                return await send(Self.errorResponse(request.id, RPCError(code: -32601, message: """
                    '\(request.method)' is part of protocol revision 2026-07-28; this connection speaks \(version), agreed \
                    at initialize. Open a new connection without initialize to use it.
                    """)))
            }
            return await send(Self.errorResponse(request.id, .methodNotFound(request.method)))
        }
        await handler(self, request)
    }

    /// `tools/list`: structured output declared from 2025-06-18 on (always in the modern era).
    func listTools(_ request: MCPRequest) async {
        if era == .modern {
            return await send(Self.response(request.id, modernResult(["tools": .array(catalog.tools.map { $0.listing(structured: true) })], caching: .stable)))
        }
        let structured = MCPVersion.hasStructuredOutput(era?.version ?? MCPVersion.supported[0])
        await send(Self.response(request.id, ["tools": .array(catalog.tools.map { $0.listing(structured: structured) })]))
    }

    /// `resources/templates/list`.
    func listTemplates(_ request: MCPRequest) async {
        let result: JSONValue = ["resourceTemplates": .array(catalog.resourceTemplates)]
        await send(Self.response(request.id, era == .modern ? modernResult(result, caching: .stable) : result))
    }

    /// `logging/setLevel` (handshake era).
    func setLogLevel(_ request: MCPRequest) async {
        do throws(RPCError) {
            logLevel = try MCPParams.SetLevel(request.params).level
            await send(Self.response(request.id, [:]))
        } catch {
            await send(Self.errorResponse(request.id, error))
        }
    }

    private func initialize(_ request: MCPRequest) async {
        let params: MCPParams.Initialize
        do throws(RPCError) {
            params = try MCPParams.Initialize(request.params)
        } catch {
            return await send(Self.errorResponse(request.id, error))
        }
        let version = MCPVersion.negotiate(params.protocolVersion)
        let client = MCPClientInfo(name: params.clientName, version: params.clientVersion, protocolVersion: version)
        if era == nil { await catalog.begin(client: client) }
        era = .handshake(version: version)
        await send(Self.response(request.id, [
            "protocolVersion": .string(version),
            "capabilities": [
                "tools": ["listChanged": false], "resources": ["listChanged": true, "subscribe": true], "logging": [:],
            ],
            "serverInfo": serverInfo,
            "instructions": .string(catalog.instructions),
        ]))
        // The handshake era's resources declare listChanged: changes are looked for from now on.
        await startWatching()
    }

    /// Who this server is, as `initialize` and the modern era's `_meta` give it.
    var serverInfo: JSONValue {
        ["name": "plan", "title": "plan: packing lists from the weather", "version": .string(serverVersion)]
    }

    /// Runs a request that does work as its own task, with its progress sent when the client asked for it.
    func start(_ request: MCPRequest, work: @escaping MCPRequestWork.Work) {
        let id = request.id
        guard running[id] == nil, listeners[id] == nil else {
            let send = self.send
            Task { await send(Self.errorResponse(id, .invalidRequest("request \(id.compactText) is still running."))) }
            return
        }
        guard running.count < Self.maximumInFlight else {
            let send = self.send
            Task { await send(Self.errorResponse(id, RPCError(code: -32000, message: "too many requests at once; wait for an answer."))) }
            return
        }
        let context = MCPRequestWork.Context(version: era?.version ?? MCPVersion.supported[0], modern: era == .modern, catalog: catalog)
        let send = self.send
        running[id] = Task {
            let progress = MCPProgress.token(in: request.params).map(MCPProgress.init(token:))
            let forwarding = progress.map { sink in Task { await sink.forward(send) } }
            let (answer, changed) = await MCPProgress.$current.withValue(progress) {
                await work(request, context)
            }
            // Every progress line goes before the answer.
            progress?.finish()
            await forwarding?.value
            await self.complete(id: id, answer: answer, changedResources: changed)
        }
    }

    private func complete(id: JSONValue, answer: JSONValue, changedResources: Bool) async {
        running[id] = nil
        // A cancelled request gets no answer (the client has stopped waiting for it).
        if cancelled.remove(id) != nil { return }
        await send(era == .modern ? Self.stamped(answer, with: modernWorkResult) : answer)
        if changedResources { await lookForChanges(announcingListChange: true) }
        if era != .modern, answer["result"]?["isError"] == true, let level = logLevel, level.includes(.warning),
           let text = answer["result"]?["content"]?.arrayValue?.first?["text"] {
            await send(["jsonrpc": "2.0", "method": "notifications/message", "params": ["level": "warning", "logger": "plan", "data": text]])
        }
    }

    // MARK: - Notifications

    private func notify(_ method: String, params: JSONValue) {
        guard method == "notifications/cancelled", let requestID = params["requestId"] else { return }
        if listeners.removeValue(forKey: requestID) != nil { return }
        guard let task = running[requestID] else { return }
        cancelled.insert(requestID)
        task.cancel()
    }

    // MARK: - Messages

    static func response(_ id: JSONValue, _ result: JSONValue) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "result": result]
    }

    static func errorResponse(_ id: JSONValue, _ error: RPCError) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": error.json]
    }

    /// A response whose `result` went through `transform` (an error response as it is).
    static func stamped(_ response: JSONValue, with transform: (JSONValue) -> JSONValue) -> JSONValue {
        guard case var .object(object) = response, let result = object["result"] else { return response }
        object["result"] = transform(result)
        return .object(object)
    }

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case let .string(text): return text.utf8.count <= 200
        case .number: return id.intValue != nil
        default: return false
        }
    }
}
