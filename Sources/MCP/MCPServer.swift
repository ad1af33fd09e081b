import Foundation
import LanguageModels

/// The protocol layer of `plan mcp`: JSON-RPC 2.0 messages in, answers out, following the Model Context
/// Protocol's lifecycle (`initialize`, then tools and resources). Each line the reader gives is handed to
/// `receive`; requests that do work run as their own tasks, so a `notifications/cancelled` can stop one and
/// `ping` is answered while a tool runs. Answers go to `send`, one message at a time.
public actor MCPServer {
    /// The most requests running at once; more are refused until one ends.
    public static let maximumInFlight = 16

    private let catalog: any MCPCatalog
    private let serverVersion: String
    private let send: @Sendable (JSONValue) async -> Void
    /// The revision agreed at `initialize`; nil before.
    private var protocolVersion: String?
    /// What the client asked to hear through `notifications/message` (nil: nothing).
    private var logLevel: MCPLogLevel?
    private var running: [JSONValue: Task<Void, Never>] = [:]
    private var cancelled: Set<JSONValue> = []

    /// A server over `catalog`, answering through `send`.
    public init(catalog: any MCPCatalog, version: String, send: @escaping @Sendable (JSONValue) async -> Void) {
        self.catalog = catalog
        self.serverVersion = version
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
        await request(id: id, method: method, params: params)
    }

    /// Waits for every running request to answer (at the end of input); not for those the client cancelled,
    /// which get no answer (a host gives a server two seconds after closing stdin before it ends it).
    public func finish() async {
        while let (_, task) = running.first(where: { !cancelled.contains($0.key) }) {
            await task.value
        }
        await catalog.end()
    }

    // MARK: - Requests

    private func request(id: JSONValue, method: String, params: JSONValue) async {
        if params != .null, params.objectValue == nil {
            return await send(Self.errorResponse(id, .invalidParams("params must be an object.")))
        }
        switch method {
        case "initialize":
            return await initialize(id: id, params: params)
        case "ping":
            return await send(Self.response(id, [:]))
        default:
            break
        }
        guard let version = protocolVersion else {
            return await send(Self.errorResponse(id, .invalidRequest("the session is not initialized; send initialize first.")))
        }
        switch method {
        case "tools/list":
            let structured = MCPVersion.hasStructuredOutput(version)
            await send(Self.response(id, ["tools": .array(catalog.tools.map { $0.listing(structured: structured) })]))
        case "resources/templates/list":
            await send(Self.response(id, ["resourceTemplates": .array(catalog.resourceTemplates)]))
        case "logging/setLevel":
            guard let level = params["level"]?.stringValue.flatMap(MCPLogLevel.init(rawValue:)) else {
                return await send(Self.errorResponse(id, .invalidParams("level must be one of \(MCPLogLevel.names).")))
            }
            logLevel = level
            await send(Self.response(id, [:]))
        case "tools/call", "resources/list", "resources/read":
            start(id: id, method: method, params: params, version: version)
        default:
            await send(Self.errorResponse(id, .methodNotFound(method)))
        }
    }

    private func initialize(id: JSONValue, params: JSONValue) async {
        guard let requested = params["protocolVersion"]?.stringValue else {
            return await send(Self.errorResponse(id, .invalidParams("initialize needs params.protocolVersion.")))
        }
        let version = MCPVersion.negotiate(requested)
        let info = params["clientInfo"]
        let client = MCPClientInfo(
            name: info?["name"]?.stringValue ?? "unknown", version: info?["version"]?.stringValue ?? "", protocolVersion: version
        )
        if protocolVersion == nil { await catalog.begin(client: client) }
        protocolVersion = version
        await send(Self.response(id, [
            "protocolVersion": .string(version),
            "capabilities": [
                "tools": ["listChanged": false], "resources": ["listChanged": true, "subscribe": false], "logging": [:],
            ],
            "serverInfo": ["name": "plan", "title": "plan: packing lists from the weather", "version": .string(serverVersion)],
            "instructions": .string(catalog.instructions),
        ]))
    }

    /// Runs a request that does work as its own task.
    private func start(id: JSONValue, method: String, params: JSONValue, version: String) {
        guard running[id] == nil else {
            let send = self.send
            Task { await send(Self.errorResponse(id, .invalidRequest("request \(id.compactText) is still running."))) }
            return
        }
        guard running.count < Self.maximumInFlight else {
            let send = self.send
            Task { await send(Self.errorResponse(id, RPCError(code: -32000, message: "too many requests at once; wait for an answer."))) }
            return
        }
        let catalog = self.catalog
        running[id] = Task {
            let answer: JSONValue
            var changed = false
            switch method {
            case "tools/call":
                (answer, changed) = await MCPRequestWork.callTool(id: id, params: params, version: version, catalog: catalog)
            case "resources/list":
                answer = await MCPRequestWork.listResources(id: id, catalog: catalog)
            default:
                answer = await MCPRequestWork.readResource(id: id, params: params, catalog: catalog)
            }
            await self.complete(id: id, answer: answer, changedResources: changed)
        }
    }

    private func complete(id: JSONValue, answer: JSONValue, changedResources: Bool) async {
        running[id] = nil
        // A cancelled request gets no answer (the client has stopped waiting for it).
        if cancelled.remove(id) != nil { return }
        await send(answer)
        if changedResources { await send(["jsonrpc": "2.0", "method": "notifications/resources/list_changed"]) }
        if answer["result"]?["isError"] == true, let level = logLevel, level.includes(.warning),
           let text = answer["result"]?["content"]?.arrayValue?.first?["text"] {
            await send(["jsonrpc": "2.0", "method": "notifications/message", "params": ["level": "warning", "logger": "plan", "data": text]])
        }
    }

    // MARK: - Notifications

    private func notify(_ method: String, params: JSONValue) {
        guard method == "notifications/cancelled", let requestID = params["requestId"], let task = running[requestID] else { return }
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

    private static func isValidID(_ id: JSONValue) -> Bool {
        switch id {
        case let .string(text): return text.utf8.count <= 200
        case .number: return id.intValue != nil
        default: return false
        }
    }
}
