import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Python stand-in server from `Tests/Fixtures` started on a free loopback port for one test.
/// It prints `PORT <n>` once bound; the process is killed when the value goes away.
public final class LoopbackServer: @unchecked Sendable {
    // @unchecked Sendable: `process` is set once in init and only read after; Process itself is thread-safe
    // for terminate/waitUntilExit.
    public let port: Int
    public let baseURL: URL
    private let process: Process

    /// The repository's `Tests/Fixtures` folder.
    public static let fixtures = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures")

    /// Starts `script` (relative to `Tests/Fixtures`) with `arguments`.
    public init(script: String, arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.fixtures.appending(path: script).path, "--port", "0"] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var buffer = Data()
        let reader = output.fileHandleForReading
        var found: Int?
        while found == nil {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            let text = String(decoding: buffer, as: UTF8.self)
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PORT ") }) {
                // "PORT <n>", or "PORT <main> <other>" (the hostile stand-in's two origins): the first is the base.
                found = line.dropFirst(5).split(separator: " ").first.flatMap { Int($0) }
            }
        }
        guard let port = found else {
            process.terminate()
            throw ServerError.didNotStart(script)
        }
        self.process = process
        self.port = port
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw ServerError.didNotStart(script) }
        self.baseURL = url
    }

    deinit {
        stop()
    }

    /// Stops the server (idempotent): SIGTERM, then SIGKILL if it has not exited within two seconds.
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline {
            usleep(20_000)
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    public var isRunning: Bool { process.isRunning }

    public enum ServerError: Error {
        case didNotStart(String)
        case control(String)
    }

    // MARK: - Control API

    /// POSTs a JSON body to a control path and returns the decoded answer.
    @discardableResult
    public func control(_ path: String, body: [String: Any]? = nil) async throws -> [String: Any] {
        var request = URLRequest(url: baseURL.appending(path: path))
        request.httpMethod = body == nil ? "GET" : "POST"
        if let body {
            request.httpBody = try JSONSerialization.data(withJSONObject: body)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        let (data, _) = try await URLSession.shared.data(for: request)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw ServerError.control(path)
        }
        return object
    }
}

/// The weather stand-in (`Tests/Fixtures/services/server.py`): NWS and Open-Meteo on one port.
public final class WeatherServices: @unchecked Sendable {
    // @unchecked Sendable: only holds the immutable server handle.
    public let server: LoopbackServer

    /// `forecastMaxAge` and `alertsMaxAge` set the `max-age` of forecasts (default 300 s) and alerts (default
    /// 30 s, as NWS): plan's cache follows them (RFC 9111), so a test that spans minutes and means "nothing
    /// fetched again" gives its documents lifetimes that long.
    public init(anchor: String? = nil, forecastMaxAge: Int? = nil, alertsMaxAge: Int? = nil) throws {
        var arguments: [String] = []
        if let anchor { arguments += ["--anchor", anchor] }
        if let forecastMaxAge { arguments += ["--forecast-max-age", String(forecastMaxAge)] }
        if let alertsMaxAge { arguments += ["--alerts-max-age", String(alertsMaxAge)] }
        server = try LoopbackServer(script: "services/server.py", arguments: arguments)
    }

    public var url: URL { server.baseURL }

    /// Environment pointing plan at this server.
    public var environment: [String: String] {
        [
            "PLAN_NWS_URL": url.absoluteString, "PLAN_OPEN_METEO_URL": url.absoluteString,
            "PLAN_CLIMATE_URL": url.absoluteString, "PLAN_MARINE_URL": url.absoluteString, "PLAN_CONTACT": "tests@example.com",
        ]
    }

    /// Switches on a fault: mode 500, 503, 404, 400, 301, slow, hang, malformed, html, ratelimit, reset.
    public func fault(_ match: String, mode: String, times: Int? = nil, delay: Double? = nil) async throws {
        var body: [String: Any] = ["match": match, "mode": mode]
        if let times { body["times"] = times }
        if let delay { body["delay"] = delay }
        try await server.control("_control/fault", body: body)
    }

    /// Clears faults and counters.
    public func reset() async throws {
        try await server.control("_control/reset", body: [:])
    }

    /// Bumps Last-Modified of matching resources, so a revalidation gets a 200.
    public func touch(_ match: String) async throws {
        try await server.control("_control/touch", body: ["match": match])
    }

    /// Requests served so far (control requests excluded).
    public func requestCount() async throws -> Int {
        try await server.control("_control/requests")["total"] as? Int ?? -1
    }

    /// The request log: method, path, query, status, userAgent, accept, ifModifiedSince.
    public func requestLog() async throws -> [[String: Any]] {
        try await server.control("_control/requests")["log"] as? [[String: Any]] ?? []
    }
}
