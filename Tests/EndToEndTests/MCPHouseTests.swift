import Foundation
import TestSupport
import Testing

/// Issue 42's reproductions, through the official MCP SDK (Tests/MCP/client.py): the MCP server gives the answers
/// the command line gives, because both go through the same core (PlanKit) and renderers.
@Suite(.serialized) struct MCPHouseTests {
    /// The SDK's Python, or nil after saying why the test is skipped (a failure when the SDK is required).
    static func python() -> String? {
        guard let python = MCPClientTests.python else {
            #expect(!MCPClientTests.required, "the MCP Python SDK is required (PLAN_REQUIRE_MCP=1 or CI) but not installed: run scripts/install-mcp.sh")
            print("MCPHouseTests: skipped: the MCP Python SDK is not installed (scripts/install-mcp.sh installs it).")
            return nil
        }
        return python
    }

    @Test func stopsAmbiguityWordedErrorsAndOneConnection() async throws {
        guard let python = Self.python() else { return }
        let services = try WeatherServices(forecastMaxAge: 3_600, alertsMaxAge: 3_600)
        let seen = try await MCPClientTests.client("house", python: python, sandbox: PlanSandbox(), services: services)
        #expect(seen["stops"] as? [Int] == [2, 3], "Denver's 2 days, then Phoenix's 3: \(seen)")
        #expect((seen["ambiguity"] as? String)?.hasPrefix("using Portland, OR, US;") == true, "\(seen)")
        let errors = seen["errors"] as? [String] ?? []
        #expect(errors.count == 3 && errors.allSatisfy { !$0.contains("--") }, "\(errors)")
        #expect(errors.last?.contains("activity 'sk!ing'") == true, "\(errors)")
        let files = seen["openFiles"] as? [Int] ?? []
        #expect(files.count == 2 && files.first == files.last, "open files after 5 and 50 calls: \(files)")
    }

    @Test func aFailedPackingListSaysWhichTripItKept() async throws {
        guard let python = Self.python() else { return }
        let sandbox = PlanSandbox()
        let services = try WeatherServices()
        let seen = try await MCPClientTests.client("failing", python: python, sandbox: sandbox, services: services)
        #expect((seen["failed"] as? String)?.contains("but its list could not be made") == true, "\(seen)")
        let trips = try #require(try sandbox.run(["list", "--json"]).json() as? [[String: Any]])
        #expect(trips.count == 1, "the kept trip, once: \(trips)")
    }

    @Test func outsideTextReachesTheAssistantInert() async throws {
        guard let python = Self.python() else { return }
        let hostile = try LoopbackServer(script: "hostile/hostile_server.py")
        let base = hostile.baseURL.absoluteString
        let seen = try await MCPClientTests.client(
            "hostile", python: python, sandbox: PlanSandbox(), services: try WeatherServices(),
            extra: ["PLAN_NWS_URL": base + "/escapes", "PLAN_GEOCODER_URL": base + "/g-lines", "PLAN_NOMINATIM_URL": base + "/g-lines"]
        )
        let lines = seen["forecast"] as? [String] ?? []
        #expect(!lines.isEmpty, "\(seen)")
    }
}
