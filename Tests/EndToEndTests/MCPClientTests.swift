import Foundation
import Model
import Store
import TestSupport
import Testing

/// `plan mcp` driven by the official MCP Python SDK (PyPI `mcp`, pinned in scripts/install-mcp.sh) over stdio,
/// against the loopback weather stand-in: Tests/MCP/client.py plans, packs and ticks a trip through the server
/// alone, and a second session is answered from the cache. Skipped only when the SDK is not installed and
/// not required (scripts/test.sh installs it and sets PLAN_REQUIRE_MCP=1; so does CI).
@Suite(.serialized) struct MCPClientTests {
    static let version = "2.3.0"

    /// The SDK's Python: PLAN_MCP_PYTHON, else the venv scripts/install-mcp.sh makes in plan's cache.
    static var python: String? {
        let environment = ProcessInfo.processInfo.environment
        if let path = environment["PLAN_MCP_PYTHON"], !path.isEmpty { return path }
        let cache = environment["PLAN_CACHE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.cache/plan")
        let path = cache + "/mcp-\(version)/bin/python"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    static var required: Bool {
        let environment = ProcessInfo.processInfo.environment
        return environment["PLAN_REQUIRE_MCP"] == "1" || environment["CI"] == "true"
    }

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "MCP/client.py").path
    }

    /// Runs client.py in `mode` and returns what it saw.
    /// `extra`: environment over the stand-in's (the hostile stand-in's URLs). `era`: the SDK's `mode`: "auto"
    /// (it probes server/discover: 2026-07-28) or "legacy" (the initialize handshake).
    static func client(
        _ mode: String, python: String, sandbox: PlanSandbox, services: WeatherServices, extra: [String: String] = [:],
        era: String = "auto"
    ) async throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        let first = CalendarDate(Date()).description
        process.arguments = [Self.script, mode, PlanSandbox.binary.path, first, services.url.absoluteString]
        process.environment = sandbox.environment.merging(services.environment) { _, new in new }.merging([
            "PLAN_OFFLINE": "", "PLAN_HTTP_RETRIES": "2", "PLAN_HTTP_TIMEOUT": "8",
            "PLAN_GEOCODER_URL": services.url.absoluteString, "PLAN_NOMINATIM_URL": services.url.absoluteString,
            "MCP_ERA": era,
        ]) { _, new in new }.merging(extra) { _, new in new }
        process.currentDirectoryURL = sandbox.folder
        // The client and the `plan mcp` it starts are killed together if they are stuck (the SDK's reads wait 60 s).
        PlanSandbox.underTimeout(process, seconds: 600)
        let result = try await PlanSandbox.runInBackground(process).value
        #expect(result.status == 0, "client.py \(mode) exited \(result.status) (124: still running after 600 s): \(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "stdout: \(result.stdout)")
    }

    /// A 2026 client (the SDK's `mode="auto"`) negotiates 2026-07-28 and does everything; a handshake-era
    /// client (`mode="legacy"`) still does all it did.
    @Test(arguments: [("auto", "2026-07-28"), ("legacy", "2025-11-25")])
    func anAssistantPlansPacksAndTicksATripThroughTheServerAlone(era: String, version: String) async throws {
        guard let python = Self.python else {
            #expect(!Self.required, "the MCP Python SDK is required (PLAN_REQUIRE_MCP=1 or CI) but not installed: run scripts/install-mcp.sh")
            print("MCPClientTests: skipped: the MCP Python SDK is not installed (scripts/install-mcp.sh installs it).")
            return
        }
        let sandbox = PlanSandbox()
        // The two sessions can be minutes apart on a loaded machine: the documents stay fresh for an hour, so
        // "the second session made no weather request" tests the cache's reuse, not the stand-in's short max-age.
        let services = try WeatherServices(forecastMaxAge: 3_600, alertsMaxAge: 3_600)

        let first = try await Self.client("first", python: python, sandbox: sandbox, services: services, era: era)
        #expect(first["server"] as? String == "plan")
        #expect(first["protocolVersion"] as? String == version)
        #expect((first["tools"] as? [String])?.count == 7)
        #expect(first["calls"] as? Int == 50)
        #expect(first["cancelled"] as? Bool == true)
        #expect(first["unknownTool"] as? Int == -32602)
        let errors = first["errors"] as? [String] ?? []
        #expect(errors.first == "no trip 999. Call list_trips to see the trips.")
        #expect(errors.dropFirst().first?.contains("before") == true, "\(errors)")
        let trip = try #require(first["trip"] as? Int)

        // The cancelled call's held request may still be on its way; let it end before counting.
        try await Task.sleep(for: .seconds(5))
        let before = try await services.requestCount()
        let second = try await Self.client("second", python: python, sandbox: sandbox, services: services, era: era)
        #expect(second["trip"] as? Int == trip)
        #expect(try await services.requestCount() == before, "the second session made weather requests")

        // Each session is in the history, with its tool calls as entries; the list is the one `plan show` gives.
        let history = try sandbox.run(["history", "--json"])
        let sessions = try #require(try history.json() as? [[String: Any]])
        let mcp = sessions.filter { $0["purpose"] as? String == "mcp" }
        #expect(mcp.count == 2)
        #expect(mcp.allSatisfy { ($0["model"] as? String)?.hasPrefix("mcp: ") == true && $0["status"] as? String == "completed" })
        #expect(mcp.contains { ($0["entries"] as? Int ?? 0) > 100 })
        let shown = try sandbox.run(["show", String(trip), "--json"], environment: ["PLAN_OFFLINE": "1"])
        let list = try #require((try shown.json() as? [String: Any])?["packingList"] as? [String: Any])
        #expect(list["packed"] as? Int == 2)
        #expect((list["items"] as? [[String: Any]])?.contains { $0["name"] as? String == "Camera" } == true)
    }

    /// Progress while a trip packs, a missing resource's error, and the command line's changes (a trip added, an
    /// item ticked: another process on the same database) reaching the client within seconds: through a
    /// `subscriptions/listen` stream in the 2026-07-28 era, the handshake era's notifications in the other.
    @Test(arguments: [("auto", -32602), ("legacy", -32002)])
    func changesFromTheCommandLineReachTheClient(era: String, missingCode: Int) async throws {
        guard let python = Self.python else {
            #expect(!Self.required, "the MCP Python SDK is required (PLAN_REQUIRE_MCP=1 or CI) but not installed: run scripts/install-mcp.sh")
            return
        }
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let seen = try await Self.client("changes", python: python, sandbox: sandbox, services: services, era: era)
        #expect(seen["protocolVersion"] as? String == (era == "auto" ? "2026-07-28" : "2025-11-25"))
        #expect(seen["missingResource"] as? Int == missingCode)
        let progress = seen["progress"] as? [String] ?? []
        #expect(progress.contains { $0.hasPrefix("Resolving") } && progress.contains { $0.contains("forecast") }, "\(progress)")
        let heardAfter = try #require(seen["addHeardAfter"] as? Double)
        #expect(heardAfter < 5, "the added trip was heard after \(heardAfter) s")
        let events = seen["events"] as? [String] ?? []
        if era == "auto" {
            #expect(seen["honored"] as? Bool == true)
            #expect(events.contains("ResourcesListChanged") && events.contains("ResourceUpdated"), "\(events)")
        } else {
            #expect(events.contains("notifications/resources/list_changed"), "\(events)")
            #expect(events.contains { $0.hasPrefix("notifications/resources/updated plan://trips/") }, "\(events)")
        }
    }

    /// A pack the host cancels while the model is writing (the scripted stand-in holds its second round) leaves
    /// an interrupted session, in either era, and the next packing_list of the trip resumes it.
    @Test(arguments: ["auto", "legacy"])
    func aCancelledPackIsResumedByTheNext(era: String) async throws {
        guard let python = Self.python else {
            #expect(!Self.required, "the MCP Python SDK is required (PLAN_REQUIRE_MCP=1 or CI) but not installed: run scripts/install-mcp.sh")
            return
        }
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let model = try LoopbackServer(script: "llm/fake_llama_server.py", arguments: ["--n-ctx", "8192"])
        let call: [String: Any] = ["json": ["tool_call": ["name": "forecast", "arguments": ["latitude": 39.7392, "longitude": -104.9847]]]]
        try await model.control("_control/script", body: ["steps": [call, ["hold": true, "at_most": 20]]])
        let seen = try await Self.client(
            "cancelpack", python: python, sandbox: sandbox, services: services,
            extra: ["PLAN_TEST_MODEL_URL": model.baseURL.absoluteString, "PLAN_MODEL_TIMEOUT": "30"], era: era
        )
        #expect(seen["cancelledStatus"] as? String == "interrupted")
        #expect(seen["packedItems"] as? Int ?? 0 >= 2)
        let sessions = seen["sessions"] as? [[Any]] ?? []
        #expect(sessions.count == 2, "\(sessions)")
        #expect(sessions.last?[2] as? String == "resumed" && sessions.last?[3] as? Int == sessions.first?[0] as? Int, "\(sessions)")
    }
}
