import JSON

extension MCPServer {
    /// A server over `catalog` answering what arrives on `transport` until the client is gone, then waiting for
    /// the requests still running.
    public static func serve(catalog: any MCPCatalog, version: String, over transport: any MCPTransport) async {
        let server = MCPServer(catalog: catalog, version: version) { await transport.send($0) }
        for await message in transport.incoming {
            switch message {
            case let .line(line): await server.receive(line)
            case let .oversized(limit): await server.receiveOversized(limit: limit)
            }
            transport.handled()
        }
        await server.finish()
    }
}
