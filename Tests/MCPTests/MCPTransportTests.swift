import Foundation
import JSON
@testable import MCP
import Testing

/// Issue 42, step 6: the protocol layer over a transport it knows only by its protocol, and a table of
/// methods per era.
@Suite struct MCPTransportTests {
    /// A transport in memory: the lines given, then the end; what the server sends, kept.
    final class MemoryTransport: MCPTransport, @unchecked Sendable {
        // @unchecked Sendable: `sent` and `handledCount` only under `lock`.
        private let lock = NSLock()
        private var sent: [JSONValue] = []
        private var handledCount = 0
        let incoming: AsyncStream<MCPIncoming>

        init(_ messages: [MCPIncoming]) {
            incoming = AsyncStream { continuation in
                for message in messages { continuation.yield(message) }
                continuation.finish()
            }
        }

        func send(_ message: JSONValue) async { lock.withLock { sent.append(message) } }
        func handled() { lock.withLock { handledCount += 1 } }
        var messages: [JSONValue] { lock.withLock { sent } }
        var handledTimes: Int { lock.withLock { handledCount } }
    }

    static func request(_ id: Int, _ method: String, _ params: String = "{}") -> MCPIncoming {
        .line(#"{"jsonrpc":"2.0","id":\#(id),"method":"\#(method)","params":\#(params)}"#)
    }

    static let initialize = request(0, "initialize", #"{"protocolVersion":"2025-06-18","clientInfo":{"name":"t","version":"1"}}"#)

    @Test func aServerAnswersWhatArrivesOnItsTransportAndEndsWithIt() async throws {
        let transport = MemoryTransport([
            Self.initialize,
            Self.request(1, "tools/list"),
            .oversized(limit: 42),
            Self.request(2, "tools/call", #"{"name":"echo","arguments":{"text":"hi"}}"#),
        ])
        await MCPServer.serve(catalog: FakeCatalog(), version: "9.9", over: transport)
        let sent = transport.messages
        #expect(transport.handledTimes == 4, "each message handed back once")
        #expect(sent.first { $0["id"] == 0 }?["result"]?["protocolVersion"] == "2025-06-18")
        #expect(sent.first { $0["id"] == 1 }?["result"]?["tools"]?.arrayValue?.isEmpty == false)
        let oversized = try #require(sent.first { $0["error"]?["code"] == -32700 })
        #expect(oversized["error"]?["message"]?.stringValue?.contains("42 bytes") == true)
        // The tool call ran as a task of its own and was answered before serve returned.
        #expect(sent.first { $0["id"] == 2 }?["result"]?["content"]?[0]?["text"] == "hi")
    }

    @Test func everyMethodOfTheHandshakeTableIsAnswered() async throws {
        let names = MCPMethodTable.handshake.names
        #expect(names.contains("tools/call") && names.contains("logging/setLevel") && !names.contains("server/discover"))
        let requests = names.enumerated().map { index, name in Self.request(index + 1, name) }
        let transport = MemoryTransport([Self.initialize] + requests)
        await MCPServer.serve(catalog: FakeCatalog(), version: "9.9", over: transport)
        for (index, name) in names.enumerated() {
            let answer = try #require(transport.messages.first { $0["id"] == .number(Double(index + 1)) }, "\(name)")
            #expect(answer["error"]?["code"] != -32601, "\(name): \(answer.compactText)")
        }
    }

    @Test func aModernMethodOnAHandshakeConnectionIsSaidAsSuch() async throws {
        let transport = MemoryTransport([Self.initialize, Self.request(1, "server/discover"), Self.request(2, "tools/lost")])
        await MCPServer.serve(catalog: FakeCatalog(), version: "9.9", over: transport)
        let discover = try #require(transport.messages.first { $0["id"] == 1 }?["error"])
        #expect(discover["code"] == -32601)
        #expect(discover["message"] == "'server/discover' is part of protocol revision 2026-07-28; this connection speaks 2025-06-18, agreed at initialize. Open a new connection without initialize to use it.")
        #expect(transport.messages.first { $0["id"] == 2 }?["error"]?["message"] == "unknown method 'tools/lost'.")
    }

    @Test func typedParamsRefuseWhatDoesNotFitBeforeAnyWork() async throws {
        let transport = MemoryTransport([
            Self.initialize,
            Self.request(1, "tools/call", #"{"arguments":{}}"#),
            Self.request(2, "resources/read", #"{"url":"plan://trips"}"#),
            Self.request(3, "logging/setLevel", #"{"level":"loud"}"#),
            Self.request(4, "resources/subscribe", #"{"uri":"\#(String(repeating: "x", count: 300))"}"#),
        ])
        let catalog = FakeCatalog()
        await MCPServer.serve(catalog: catalog, version: "9.9", over: transport)
        let sent = transport.messages
        for id in 1...4 {
            #expect(sent.first { $0["id"] == .number(Double(id)) }?["error"]?["code"] == -32602, "request \(id)")
        }
        #expect(sent.first { $0["id"] == 1 }?["error"]?["message"] == "tools/call needs params.name.")
        #expect(sent.first { $0["id"] == 2 }?["error"]?["message"] == "resources/read needs params.uri.")
        #expect(catalog.recorded.all.isEmpty, "no tool ran")
    }
}
