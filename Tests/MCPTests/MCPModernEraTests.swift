import Foundation
import JSON
@testable import MCP
import Testing

/// The protocol's two eras on one server: the first request decides; the modern era's discovery, envelope,
/// stamps, errors and listen streams; progress before the answer; changes made elsewhere reaching the client.
@Suite struct MCPModernEraTests {
    let sent = MCPServerTests.Sent()
    let catalog = FakeCatalog()

    func server() -> MCPServer {
        let sent = self.sent
        return MCPServer(catalog: catalog, version: "9.9", pollInterval: .milliseconds(50)) { sent.add($0) }
    }

    /// A modern request: `params` with the 2026-07-28 envelope in `_meta` (at `version`).
    func modern(_ id: Int, _ method: String, _ params: [String: JSONValue] = [:], version: String = "2026-07-28", progress: Int? = nil) -> JSONValue {
        var meta: [String: JSONValue] = [
            "io.modelcontextprotocol/protocolVersion": .string(version),
            "io.modelcontextprotocol/clientInfo": ["name": "tester", "version": "2.3"],
            "io.modelcontextprotocol/clientCapabilities": [:],
        ]
        if let progress { meta["progressToken"] = .number(Double(progress)) }
        var params = params
        params["_meta"] = .object(meta)
        return ["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": .object(params)]
    }

    func notifications(_ method: String) -> [JSONValue] {
        sent.all.filter { $0["method"] == .string(method) }
    }


    @Test func discoverOpensTheModernEraAndSaysBothEras() async throws {
        let server = server()
        await server.receive(modern(1, "server/discover"))
        await server.receive(modern(2, "tools/list"))
        await server.finish()
        let discovered = try #require(sent.answer(1)?["result"])
        #expect(discovered["supportedVersions"]?.arrayValue == ["2026-07-28", "2025-11-25", "2025-06-18", "2025-03-26"])
        #expect(discovered["capabilities"]?["resources"]?["listChanged"] == true)
        #expect(discovered["resultType"] == "complete")
        #expect(discovered["ttlMs"] != nil && discovered["cacheScope"] != nil)
        #expect(discovered["_meta"]?["io.modelcontextprotocol/serverInfo"]?["name"] == "plan")
        #expect(discovered["instructions"] == "test")
        let tools = try #require(sent.answer(2)?["result"])
        #expect(tools["tools"]?.arrayValue?.compactMap { $0["name"]?.stringValue } == ["echo", "fail", "wait", "hold", "report", "add"])
        #expect(tools["tools"]?[0]?["outputSchema"] != nil)
        #expect(tools["ttlMs"] == 3_600_000 && tools["cacheScope"] == "public")
        #expect(catalog.recorded.allClients == [MCPClientInfo(name: "tester", version: "2.3", protocolVersion: "2026-07-28")])
    }

    @Test func aRevisionPlanDoesNotSpeakIsRefusedNamingThoseItDoes() async throws {
        let server = server()
        await server.receive(modern(1, "server/discover", version: "2027-01-01"))
        await server.finish()
        let error = try #require(sent.answer(1)?["error"])
        #expect(error["code"] == -32022)
        #expect(error["data"]?["supported"]?.arrayValue?.first == "2026-07-28")
        #expect(error["data"]?["requested"] == "2027-01-01")
    }

    @Test func eachEraRefusesTheOthersRequests() async throws {
        let modernServer = server()
        await modernServer.receive(modern(1, "server/discover"))
        await modernServer.receive(#"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}"#)
        await modernServer.receive(#"{"jsonrpc":"2.0","id":3,"method":"tools/list"}"#)
        await modernServer.receive(modern(4, "ping"))
        await modernServer.finish()
        #expect(sent.answer(2)?["error"]?["code"] == -32022)
        #expect(sent.answer(3)?["error"]?["code"] == -32600)
        #expect(sent.answer(4)?["error"]?["code"] == -32601)

        let handshake = MCPServerTests.Sent()
        let legacy = MCPServer(catalog: catalog, version: "9.9") { handshake.add($0) }
        await legacy.receive(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}"#)
        await legacy.receive(modern(2, "tools/list"))
        await legacy.receive(#"{"jsonrpc":"2.0","id":3,"method":"ping"}"#)
        await legacy.finish()
        #expect(handshake.answer(2)?["error"]?["code"] == -32600)
        #expect(handshake.answer(3)?["result"] == [:])
    }

    @Test func aMissingResourceIsInvalidParamsInTheModernEra() async throws {
        let server = server()
        await server.receive(modern(1, "resources/read", ["uri": "plan://trips/1"]))
        await server.receive(modern(2, "resources/read", ["uri": "plan://trips/999"]))
        await server.receive(modern(3, "resources/list"))
        await server.finish()
        let read = try #require(sent.answer(1)?["result"])
        #expect(read["contents"]?[0]?["text"] == "- [x] Socks\n")
        #expect(read["ttlMs"] == 0 && read["cacheScope"] == "private" && read["resultType"] == "complete")
        #expect(sent.answer(2)?["error"]?["code"] == -32602)
        #expect(sent.answer(2)?["error"]?["data"]?["uri"] == "plan://trips/999")
        #expect(sent.answer(3)?["result"]?["ttlMs"] == 0)
    }

    @Test(arguments: [true, false])
    func progressLinesGoBeforeTheAnswerInOrderAndOnlyWhenAsked(asked: Bool) async throws {
        let server = server()
        await server.receive(modern(1, "server/discover"))
        await server.receive(modern(2, "tools/call", ["name": "report", "arguments": [:]], progress: asked ? 77 : nil))
        await server.finish()
        let answer = try #require(sent.all.firstIndex { $0["id"] == 2 })
        let progress = sent.all.enumerated().filter { $0.element["method"] == "notifications/progress" }
        guard asked else { return #expect(progress.isEmpty) }
        // The repeated line is said once; every line before the answer; progress increases.
        #expect(progress.compactMap { $0.element["params"]?["message"]?.stringValue } == [
            "Resolving Denver…", "Fetching the forecast for stop 1 of 2…", "Thinking…",
        ])
        #expect(progress.allSatisfy { $0.offset < answer && $0.element["params"]?["progressToken"] == 77 })
        #expect(progress.compactMap { $0.element["params"]?["progress"]?.intValue } == [1, 2, 3])
        #expect(sent.answer(2)?["result"]?["resultType"] == "complete")
    }

    @Test func aListenerHearsWhatChangedElsewhereAndIsClosedGracefully() async throws {
        let server = server()
        await server.receive(modern(1, "server/discover"))
        await server.receive(modern(2, "subscriptions/listen", [
            "notifications": ["resourcesListChanged": true, "resourceSubscriptions": ["plan://trips/1"], "toolsListChanged": true],
        ]))
        let ack = try #require(notifications("notifications/subscriptions/acknowledged").first)
        #expect(ack["params"]?["_meta"]?["io.modelcontextprotocol/subscriptionId"] == 2)
        #expect(ack["params"]?["notifications"] == ["resourcesListChanged": true, "resourceSubscriptions": ["plan://trips/1"]])

        // Another process ticks an item of trip 1, then adds trip 2. (The server looks every 50 ms; the test also
        // asks it to look now, so a starved timer on a loaded machine cannot fail it. The timer itself is tested
        // through the binary, in MCPClientTests.)
        catalog.versions.set(["plan://trips/1": "b"])
        await server.lookForChanges(announcingListChange: false)
        catalog.versions.set(["plan://trips/1": "b", "plan://trips/2": "a"])
        await server.lookForChanges(announcingListChange: false)
        let updated = try #require(notifications("notifications/resources/updated").first)
        #expect(updated["params"]?["uri"] == "plan://trips/1")
        #expect(updated["params"]?["_meta"]?["io.modelcontextprotocol/subscriptionId"] == 2)
        #expect(notifications("notifications/resources/list_changed").count == 1)
        #expect(notifications("notifications/resources/updated").count == 1)
        #expect(sent.answer(2) == nil)

        await server.finish()
        #expect(sent.answer(2)?["result"]?["resultType"] == "complete")
    }

    @Test func aCancelledListenerHearsNothingMore() async throws {
        let server = server()
        await server.receive(modern(1, "server/discover"))
        await server.receive(modern(2, "subscriptions/listen", ["notifications": ["resourcesListChanged": true]]))
        await server.receive(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":2}}"#)
        catalog.versions.set(["plan://trips/1": "a", "plan://trips/2": "a"])
        await server.lookForChanges(announcingListChange: false)
        await server.finish()
        #expect(notifications("notifications/resources/list_changed").isEmpty)
        #expect(sent.answer(2) == nil)
    }

    @Test func theHandshakeEraHearsOfChangesMadeElsewhere() async throws {
        let legacy = MCPServer(catalog: catalog, version: "9.9", pollInterval: .milliseconds(50)) { sent.add($0) }
        await legacy.receive(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}"#)
        await legacy.receive(#"{"jsonrpc":"2.0","id":2,"method":"resources/subscribe","params":{"uri":"plan://trips/1"}}"#)
        #expect(sent.answer(1)?["result"]?["capabilities"]?["resources"]?["subscribe"] == true)
        #expect(sent.answer(2)?["result"] == [:])
        catalog.versions.set(["plan://trips/1": "c", "plan://trips/3": "a"])
        await legacy.lookForChanges(announcingListChange: false)
        await legacy.finish()
        #expect(notifications("notifications/resources/list_changed").count == 1)
        #expect(notifications("notifications/resources/list_changed").first?["params"] == nil)
        #expect(notifications("notifications/resources/updated").first?["params"]?["uri"] == "plan://trips/1")
    }
}
