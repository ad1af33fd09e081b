import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A real llama.cpp `llama-server` on a free loopback port, built by `scripts/install-llama.sh`.
/// `LLAMA_SERVER` and `LLAMA_MODEL` name the binary and the GGUF model.
public final class LlamaServer: @unchecked Sendable {
    // @unchecked Sendable: `process` is set once in init; Process is safe to terminate from any thread.
    public let port: Int
    public let baseURL: URL
    private let process: Process

    /// Whether the environment names a llama-server and a model that exist.
    public static var isAvailable: Bool {
        let environment = ProcessInfo.processInfo.environment
        guard let server = environment["LLAMA_SERVER"], let model = environment["LLAMA_MODEL"] else { return false }
        return FileManager.default.isExecutableFile(atPath: server) && FileManager.default.fileExists(atPath: model)
    }

    /// True when the suite must run the real-model tests (scripts/test.sh sets it): missing pieces fail, not skip.
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["PLAN_REQUIRE_LLAMA"] == "1"
    }

    public enum LaunchError: Error, CustomStringConvertible {
        case notInstalled
        case didNotStart(String)

        public var description: String {
            switch self {
            case .notInstalled: return "LLAMA_SERVER / LLAMA_MODEL not set; run scripts/install-llama.sh"
            case let .didNotStart(log): return "llama-server did not become healthy: \(log)"
            }
        }
    }

    /// One inference thread per core: more only contend with each other, fewer leave a core idle.
    public static var threads: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The flags that decide the suite's speed on a small shared machine, the same for every server.
    ///
    /// One thread per core for generation and for prompts alike. `--poll 0`: a waiting thread sleeps instead of
    /// spinning; with two threads on two cores that other processes share, a spinning thread took the core its
    /// partner needed (this machine, load 4 to 6: one polling run took 212 s for 256 tokens, the others 21 to 46 s). The prompt cache stays
    /// llama-server's default (the longest shared prefix is reused); `--cache-reuse` is left off because its KV
    /// shifting could change a greedy answer, and the seeded-replay tests compare answers.
    public static var tuning: [String] {
        ["--threads", String(threads), "--threads-batch", String(threads), "--poll", "0"]
    }

    /// Whether the server process is still alive.
    public var isRunning: Bool { process.isRunning }

    /// Starts the server with `contextSize` tokens of context, greedy sampling by default, one slot, one
    /// thread per core. Most tests want `SharedLlamaServers.server(contextSize:)`, started once per process.
    public init(contextSize: Int = 4_096) throws {
        let environment = ProcessInfo.processInfo.environment
        guard Self.isAvailable, let server = environment["LLAMA_SERVER"], let model = environment["LLAMA_MODEL"] else {
            throw LaunchError.notInstalled
        }
        let port = try Self.freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: server)
        process.arguments = [
            "-m", model, "--host", "127.0.0.1", "--port", String(port), "-c", String(contextSize),
            "--parallel", "1", "--temp", "0", "--top-k", "1", "--no-webui",
        ] + Self.tuning
        let log = FileManager.default.temporaryDirectory.appending(path: "llama-\(port).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        self.process = process
        self.port = port
        guard let url = URL(string: "http://127.0.0.1:\(port)") else { throw LaunchError.didNotStart("bad URL") }
        self.baseURL = url
        let deadline = Date().addingTimeInterval(90)
        while Date() < deadline {
            if !process.isRunning {
                let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                throw LaunchError.didNotStart(String(text.suffix(600)))
            }
            if Self.isHealthy(url) { return }
            usleep(200_000)
        }
        stop()
        throw LaunchError.didNotStart("no healthy answer within 90 s")
    }

    deinit {
        stop()
    }

    /// Kills the server at once (SIGKILL), as a crash would.
    public func kill() {
        if process.isRunning {
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Stops the server (SIGTERM, then SIGKILL after two seconds).
    public func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(2)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        kill()
    }

    /// Token count of `text` by the server's own tokenizer.
    public func tokenCount(_ text: String) throws -> Int {
        var request = URLRequest(url: baseURL.appending(path: "tokenize"))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: ["content": text])
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        let data = try Self.fetch(request)
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
              let tokens = object["tokens"] as? [Any]
        else { throw LaunchError.didNotStart("bad /tokenize answer") }
        return tokens.count
    }

    // MARK: - Helpers

    private static func isHealthy(_ url: URL) -> Bool {
        guard let data = try? fetch(URLRequest(url: url.appending(path: "health"), timeoutInterval: 2)),
              let text = String(data: data, encoding: .utf8)
        else { return false }
        return text.contains("ok")
    }

    private static func fetch(_ request: URLRequest) throws -> Data {
        let box = ResultBox()
        let semaphore = DispatchSemaphore(value: 0)
        URLSession.shared.dataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            box.result = data.flatMap { status == 200 ? $0 : nil }
            semaphore.signal()
        }.resume()
        semaphore.wait()
        guard let data = box.result else { throw LaunchError.didNotStart("no answer") }
        return data
    }

    /// A free loopback port, found by binding port 0.
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw LaunchError.didNotStart("socket") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw LaunchError.didNotStart("bind") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw LaunchError.didNotStart("getsockname") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// `@unchecked Sendable`: written once by the completion handler before the semaphore is signalled.
private final class ResultBox: @unchecked Sendable {
    var result: Data?
}
