import Foundation
import Testing

/// `plan mcp` as a process, without an SDK: stdout carries only protocol messages, one a line, bad lines
/// are answered and the server goes on, and it ends when stdin closes.
@Suite struct MCPStdioTests {
    @Test func stdoutHoldsOnlyProtocolMessages() throws {
        let sandbox = PlanSandbox()
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#,
            #"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
            "not json at all",
            String(repeating: "x", count: 1_100_000),
            #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"packing_list","arguments":{"destination":"Denver, CO","from":"2026-12-03","to":"2026-12-06"}}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"nope"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"packing_list","arguments":{"destination":"Denver, CO","from":"2026-12-03","to":"2026-12-05","stops":[{"destination":"Moab, UT","to":"2026-12-08"}]}}}"#,
        ]
        let result = try sandbox.run(["mcp"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let messages = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not a message: \($0.prefix(200))")
        }
        #expect(messages.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
        let errors = messages.compactMap { ($0["error"] as? [String: Any])?["code"] as? Int }
        #expect(errors.sorted() == [-32700, -32700, -32601])
        let packed = try #require(messages.first { $0["id"] as? Int == 2 }?["result"] as? [String: Any])
        #expect(packed["isError"] as? Bool == false)
        #expect(((packed["structuredContent"] as? [String: Any])?["total"] as? Int ?? 0) > 5)
        #expect(messages.contains { $0["method"] as? String == "notifications/resources/list_changed" })
        let stops = try #require(messages.first { $0["id"] as? Int == 4 }?["result"] as? [String: Any])
        let trip = (stops["structuredContent"] as? [String: Any])?["trip"] as? [String: Any]
        #expect((trip?["legs"] as? [Any])?.count == 2, "\(stops)")
        #expect(!result.stderr.contains("Fatal error"))
    }

    /// The 2026-07-28 era on the same stdout: discovery, a pack with a progress token, a listen stream closed
    /// gracefully at the end of input, and nothing on stdout but protocol messages.
    @Test func theModernEraToo() throws {
        let sandbox = PlanSandbox()
        let meta = #""_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}"#
        let lines = [
            #"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{\#(meta)}}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"subscriptions/listen","params":{"notifications":{"resourcesListChanged":true},\#(meta)}}"#,
            "not json at all",
            #"{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"packing_list","arguments":{"destination":"Denver, CO","from":"2026-12-03","to":"2026-12-06"},"_meta":{"progressToken":"p1","io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"ping","params":{\#(meta)}}"#,
        ]
        let result = try sandbox.run(["mcp"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let messages = try result.stdout.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not a message: \($0.prefix(200))")
        }
        #expect(messages.allSatisfy { $0["jsonrpc"] as? String == "2.0" })
        let discovered = try #require(messages.first { $0["id"] as? Int == 1 }?["result"] as? [String: Any])
        #expect((discovered["supportedVersions"] as? [String])?.first == "2026-07-28")
        let packed = try #require(messages.firstIndex { $0["id"] as? Int == 3 })
        let progress = messages.indices.filter { messages[$0]["method"] as? String == "notifications/progress" }
        #expect(!progress.isEmpty && progress.allSatisfy { $0 < packed })
        #expect(messages.contains { $0["method"] as? String == "notifications/subscriptions/acknowledged" })
        // The pack added a trip: the listener hears it, then the stream is closed with a result at the end.
        #expect(messages.contains { $0["method"] as? String == "notifications/resources/list_changed" })
        #expect((messages.last { $0["id"] as? Int == 2 }?["result"] as? [String: Any])?["resultType"] as? String == "complete")
        #expect((messages.first { $0["id"] as? Int == 4 }?["error"] as? [String: Any])?["code"] as? Int == -32601)
    }
}
