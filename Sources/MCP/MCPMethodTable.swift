import JSON

/// The methods the server answers in one era, by name, each with its handler (run on the server's actor). A
/// method is one entry here: its params read into a type (`MCPParams`), its work on the server or, for a
/// request that does work (`tools/call`, `resources/*`), in a task of its own (`MCPRequestWork`).
struct MCPMethodTable: Sendable {
    typealias Handler = @Sendable (isolated MCPServer, MCPRequest) async -> Void

    private let handlers: [String: Handler]

    init(_ handlers: [String: Handler]) {
        self.handlers = handlers
    }

    /// The handler of `method`, nil when this era has no such method.
    func handler(for method: String) -> Handler? {
        handlers[method]
    }

    /// The method names, sorted.
    var names: [String] { handlers.keys.sorted() }

    /// The requests that do work, the same in both eras: each runs as a task of its own.
    private static let work: [String: Handler] = [
        "tools/call": { server, request in server.start(request, work: MCPRequestWork.callTool) },
        "resources/list": { server, request in server.start(request, work: MCPRequestWork.listResources) },
        "resources/read": { server, request in server.start(request, work: MCPRequestWork.readResource) },
    ]

    /// The handshake era's (2025-03-26 to 2025-11-25), after `initialize`.
    static let handshake = MCPMethodTable(work.merging([
        "ping": { server, request in await server.send(MCPServer.response(request.id, [:])) },
        "tools/list": { server, request in await server.listTools(request) },
        "resources/templates/list": { server, request in await server.listTemplates(request) },
        "logging/setLevel": { server, request in await server.setLogLevel(request) },
        "resources/subscribe": { server, request in await server.subscribe(request, on: true) },
        "resources/unsubscribe": { server, request in await server.subscribe(request, on: false) },
    ]) { first, _ in first })

    /// The modern era's (2026-07-28): stateless requests, `server/discover` in place of the handshake.
    static let modern = MCPMethodTable(work.merging([
        "server/discover": { server, request in await server.discover(request) },
        "tools/list": { server, request in await server.listTools(request) },
        "resources/templates/list": { server, request in await server.listTemplates(request) },
        "subscriptions/listen": { server, request in await server.listen(request) },
        "ping": { server, request in await server.retired(request) },
        "logging/setLevel": { server, request in await server.retired(request) },
        "resources/subscribe": { server, request in await server.retired(request) },
        "resources/unsubscribe": { server, request in await server.retired(request) },
    ]) { first, _ in first })
}
