import Foundation
import JSON
@testable import MCP

/// A small catalog for the protocol's tests: `echo` returns its text, `fail` throws, `wait` sleeps until
/// cancelled (an error result) or for 300 s (a plain one), `hold` holds 30 s whatever happens, `add` says it
/// added a resource.
struct FakeCatalog: MCPCatalog {
    struct Failure: LocalizedError {
        var errorDescription: String? { "no trip 99." }
    }

    let recorded = Recorded()
    /// What `resourceVersions` answers: a test changes it as another process would change the database.
    let versions = Versions()

    final class Versions: @unchecked Sendable {
        private let lock = NSLock()
        private var current: [String: String] = ["plan://trips/1": "a"]
        func set(_ versions: [String: String]) { lock.withLock { current = versions } }
        var all: [String: String] { lock.withLock { current } }
    }

    final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [String] = []
        private var clients: [MCPClientInfo] = []
        func add(_ call: String) { lock.withLock { calls.append(call) } }
        func add(_ client: MCPClientInfo) { lock.withLock { clients.append(client) } }
        var all: [String] { lock.withLock { calls } }
        var allClients: [MCPClientInfo] { lock.withLock { clients } }
    }

    var tools: [MCPTool] {
        [
            MCPTool(name: "echo", title: "Echo", description: "Echoes text.", inputSchema: ["type": "object"],
                    outputSchema: ["type": "object"], readOnly: true) { arguments in
                MCPToolResult(text: arguments["text"]?.stringValue ?? "", structured: ["text": arguments["text"] ?? .null])
            },
            MCPTool(name: "fail", title: "Fail", description: "Fails.", inputSchema: ["type": "object"], readOnly: true) { _ in
                throw Failure()
            },
            MCPTool(name: "wait", title: "Wait", description: "Waits.", inputSchema: ["type": "object"], readOnly: true) { _ in
                try await Task.sleep(for: .seconds(300))
                return MCPToolResult(text: "waited")
            },
            MCPTool(name: "hold", title: "Hold", description: "Holds 30 s, cancelled or not.", inputSchema: ["type": "object"], readOnly: true) { _ in
                let end = ContinuousClock.now + .seconds(30)
                while ContinuousClock.now < end { try? await Task.sleep(for: .milliseconds(100)) }
                return MCPToolResult(text: "held")
            },
            MCPTool(name: "report", title: "Report", description: "Says what it does.", inputSchema: ["type": "object"], readOnly: true) { _ in
                for line in ["Resolving Denver…", "Fetching the forecast for stop 1 of 2…", "Fetching the forecast for stop 1 of 2…", "Thinking…"] {
                    MCPProgress.current?.report(line)
                    await Task.yield()
                }
                return MCPToolResult(text: "reported")
            },
            MCPTool(name: "add", title: "Add", description: "Adds.", inputSchema: ["type": "object"], readOnly: false) { _ in
                MCPToolResult(text: "added", changedResources: true)
            },
        ]
    }

    var instructions: String { "test" }
    var resourceTemplates: [JSONValue] { [] }

    func resources() async throws -> [MCPResource] {
        [MCPResource(uri: "plan://trips/1", name: "trip-1", description: "one", mimeType: "text/markdown")]
    }

    func read(uri: String) async throws -> (text: String, mimeType: String)? {
        uri == "plan://trips/1" ? ("- [x] Socks\n", "text/markdown") : nil
    }

    func resourceVersions() async throws -> [String: String] { versions.all }

    func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? "error."
    }

    func begin(client: MCPClientInfo) async { recorded.add(client) }

    func record(tool: String, arguments: JSONValue, result: MCPToolResult) async {
        recorded.add(tool + (result.isError ? " error" : ""))
    }
}
