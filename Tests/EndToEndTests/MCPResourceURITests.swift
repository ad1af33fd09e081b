import Foundation
import Testing

/// Resources by URI: the checklist and the JSON of a packed trip; anything else, however it is written, is
/// "no resource" (-32002), never another trip's list or a crash.
@Suite struct MCPResourceURITests {
    @Test func onlyATripsOwnURIsRead() throws {
        let sandbox = PlanSandbox()
        let packed = try sandbox.run(["pack", "Denver, CO", "--from", "2026-12-03", "--to", "2026-12-05", "--json"])
        #expect(packed.status == 0, "stderr: \(packed.stderr)")
        let uris = [
            "plan://trips/1", "plan://trips/1.json", "plan://trips/2", "plan://trips/abc", "plan://trips/1/../2",
            "plan://trips/99999999999999999999999", "plan://trips/-1", "plan://trips/", "file:///etc/passwd",
            "plan://trips/1.json.json", "plan://trips/\u{202E}1", String(repeating: "plan://trips/1", count: 1000),
        ]
        var lines = [#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#]
        for (index, uri) in uris.enumerated() {
            let request: [String: Any] = ["jsonrpc": "2.0", "id": index + 1, "method": "resources/read", "params": ["uri": uri]]
            lines.append(String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self))
        }
        let result = try sandbox.run(["mcp"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "stderr: \(result.stderr)")
        var answers: [Int: [String: Any]] = [:]
        for line in result.stdout.split(separator: "\n") {
            let message = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let id = message["id"] as? Int { answers[id] = message }
        }
        let markdown = ((answers[1]?["result"] as? [String: Any])?["contents"] as? [[String: Any]])?.first
        #expect(markdown?["mimeType"] as? String == "text/markdown")
        #expect((markdown?["text"] as? String)?.contains("- [ ] ") == true)
        let json = ((answers[2]?["result"] as? [String: Any])?["contents"] as? [[String: Any]])?.first
        #expect(json?["mimeType"] as? String == "application/json")
        for id in 3...uris.count {
            #expect((answers[id]?["error"] as? [String: Any])?["code"] as? Int == -32002, "\(uris[id - 1].prefix(40)): \(String(describing: answers[id]))")
        }
    }
}
