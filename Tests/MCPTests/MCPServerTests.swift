import Foundation
import JSON
@testable import MCP
import Testing

/// The protocol layer alone: lifecycle, version negotiation, errors, tools, resources and cancellation,
/// with a catalog of test tools and the answers collected in memory.
@Suite struct MCPServerTests {
    final class Sent: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [JSONValue] = []
        func add(_ message: JSONValue) { lock.withLock { messages.append(message) } }
        var all: [JSONValue] { lock.withLock { messages } }
        func answer(_ id: Int) -> JSONValue? { all.first { $0["id"] == .number(Double(id)) } }
    }

    let sent = Sent()
    let catalog = FakeCatalog()

    func server() -> MCPServer {
        let sent = self.sent
        return MCPServer(catalog: catalog, version: "9.9") { sent.add($0) }
    }

    func initialized(version: String = "2025-06-18") async -> MCPServer {
        let server = server()
        await server.receive(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"\#(version)","capabilities":{},"clientInfo":{"name":"tester","version":"1.2"}}}"#)
        await server.receive(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
        return server
    }

    @Test(arguments: ["2025-06-18", "2025-03-26", "2025-11-25"])
    func initializeAnswersASupportedVersionWithItself(version: String) async throws {
        let server = await initialized(version: version)
        await server.finish()
        let result = try #require(sent.answer(0)?["result"])
        #expect(result["protocolVersion"] == .string(version))
        #expect(result["serverInfo"]?["name"] == "plan")
        #expect(result["serverInfo"]?["version"] == "9.9")
        #expect(result["capabilities"]?["tools"] != nil)
        #expect(result["capabilities"]?["resources"]?["listChanged"] == true)
        #expect(catalog.recorded.allClients == [MCPClientInfo(name: "tester", version: "1.2", protocolVersion: version)])
    }

    @Test func initializeAnswersAnUnknownVersionWithTheNewest() async throws {
        let server = await initialized(version: "2024-01-01")
        await server.finish()
        #expect(sent.answer(0)?["result"]?["protocolVersion"] == .string(MCPVersion.supported[0]))
    }

    @Test func aMalformedLineGetsAParseErrorAndTheServerGoesOn() async throws {
        let server = await initialized()
        await server.receive("{not json")
        await server.receive(#"{"jsonrpc":"2.0","id":5,"method":"ping"}"#)
        await server.finish()
        let parse = try #require(sent.all.first { $0["error"] != nil })
        #expect(parse["error"]?["code"] == -32700)
        #expect(parse["id"] == .null)
        #expect(sent.answer(5)?["result"] == [:])
    }

    @Test func anOversizedLineIsAParseError() async throws {
        let server = await initialized()
        await server.receiveOversized(limit: 1 << 20)
        await server.finish()
        #expect(sent.all.last?["error"]?["code"] == -32700)
    }

    @Test func wrongShapesAreInvalidRequests() async throws {
        let server = await initialized()
        await server.receive(#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#)
        await server.receive(#"{"jsonrpc":"1.0","id":2,"method":"ping"}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":3}"#)
        await server.finish()
        let codes = sent.all.dropFirst().compactMap { $0["error"]?["code"]?.intValue }
        #expect(codes == [-32600, -32600, -32600, -32600])
        #expect(sent.answer(2)?["error"] != nil)
    }

    @Test func anUnknownMethodIsMethodNotFound() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":7,"method":"prompts/list"}"#)
        await server.finish()
        #expect(sent.answer(7)?["error"]?["code"] == -32601)
    }

    @Test func requestsBeforeInitializeAreRefusedButPingIsAnswered() async throws {
        let server = server()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        await server.finish()
        #expect(sent.answer(1)?["error"]?["code"] == -32600)
        #expect(sent.answer(2)?["result"] == [:])
    }

    @Test func toolsListHasOutputSchemasFrom20250618Only() async throws {
        let new = await initialized(version: "2025-06-18")
        await new.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        let tools = try #require(sent.answer(1)?["result"]?["tools"]?.arrayValue)
        #expect(tools.map { $0["name"]?.stringValue } == ["echo", "fail", "wait", "hold", "report", "add"])
        #expect(tools[0]["outputSchema"] != nil)
        #expect(tools[0]["inputSchema"]?["type"] == "object")

        let oldSent = Sent()
        let old = MCPServer(catalog: catalog, version: "9.9") { oldSent.add($0) }
        await old.receive(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-03-26"}}"#)
        await old.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#)
        #expect(oldSent.answer(1)?["result"]?["tools"]?[0]?["outputSchema"] == nil)
    }

    @Test func aToolCallAnswersTextAndStructuredContent() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"}}}"#)
        await server.finish()
        let result = try #require(sent.answer(1)?["result"])
        #expect(result["content"]?[0]?["text"] == "hi")
        #expect(result["structuredContent"] == ["text": "hi"])
        #expect(result["isError"] == false)
        #expect(catalog.recorded.all == ["echo"])
    }

    @Test func aFailingToolIsAResultWithIsError() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"fail","arguments":{}}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":[1]}}"#)
        await server.finish()
        #expect(sent.answer(1)?["result"]?["isError"] == true)
        #expect(sent.answer(1)?["result"]?["content"]?[0]?["text"] == "no trip 99.")
        #expect(sent.answer(2)?["result"]?["isError"] == true)
        #expect(catalog.recorded.all.sorted() == ["echo error", "fail error"])
    }

    @Test func badToolCallParamsAreInvalidParams() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope"}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":"x"}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":4,"method":"initialize","params":{}}"#)
        await server.finish()
        for id in 1...4 { #expect(sent.answer(id)?["error"]?["code"] == -32602, "request \(id)") }
    }

    @Test func aCancelledCallIsStoppedAndNotAnswered() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"wait"}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#)
        await server.receive(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1,"reason":"user"}}"#)
        await server.finish()
        // Stopped, not waited out: the tool's 300 s sleep ends in a CancellationError and the call is recorded
        // as an error. Waited for up to 120 s (a loaded machine runs the cancelled task late), not timed.
        let deadline = ContinuousClock.now + .seconds(120)
        while catalog.recorded.all.isEmpty, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(catalog.recorded.all == ["wait error"])
        #expect(sent.answer(1) == nil)
        #expect(sent.answer(2)?["result"] == [:])
    }

    @Test func theEndOfInputDoesNotWaitForACancelledCall() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"hold"}}"#)
        await server.receive(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#)
        await server.finish()
        // `hold` ignores cancellation and holds for 30 s: finish returning at all shows it was not waited for
        // (the whole suite's time limit would catch a wait).
        #expect(sent.answer(1) == nil)
        #expect(catalog.recorded.all.isEmpty)
    }

    @Test func addingATripSaysTheResourceListChanged() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"add"}}"#)
        await server.finish()
        let methods = sent.all.compactMap { $0["method"]?.stringValue }
        #expect(methods == ["notifications/resources/list_changed"])
    }

    @Test func resourcesAreListedAndRead() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"resources/list"}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":2,"method":"resources/read","params":{"uri":"plan://trips/1"}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"plan://trips/2"}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":4,"method":"resources/read","params":{}}"#)
        await server.finish()
        #expect(sent.answer(1)?["result"]?["resources"]?[0]?["uri"] == "plan://trips/1")
        #expect(sent.answer(2)?["result"]?["contents"]?[0]?["text"] == "- [x] Socks\n")
        #expect(sent.answer(2)?["result"]?["contents"]?[0]?["mimeType"] == "text/markdown")
        #expect(sent.answer(3)?["error"]?["code"] == -32002)
        #expect(sent.answer(4)?["error"]?["code"] == -32602)
    }

    @Test func stringIDsAreEchoedExactly() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":"abc-1","method":"ping"}"#)
        await server.finish()
        #expect(sent.all.contains { $0["id"] == "abc-1" && $0["result"] == [:] })
    }

    @Test func logLevelSendsToolErrorsAsMessages() async throws {
        let server = await initialized()
        await server.receive(#"{"jsonrpc":"2.0","id":1,"method":"logging/setLevel","params":{"level":"info"}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":2,"method":"logging/setLevel","params":{"level":"loud"}}"#)
        await server.receive(#"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"fail"}}"#)
        await server.finish()
        #expect(sent.answer(1)?["result"] == [:])
        #expect(sent.answer(2)?["error"]?["code"] == -32602)
        #expect(sent.all.contains { $0["method"] == "notifications/message" && $0["params"]?["data"] == "no trip 99." })
    }
}
