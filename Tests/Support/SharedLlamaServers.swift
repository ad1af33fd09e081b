import Foundation

/// One llama-server per context window for the whole test process: the real-model suites ask for a window
/// and get the server started for it the first time any of them asked, not one of their own per test.
///
/// Starting a server costs a few seconds of model loading and warm-up on a 2-core machine; eleven tests
/// used to start eleven. The servers are stopped when the process exits. A test that kills its server (to
/// see plan survive a crash) must start a private one with `LlamaServer(contextSize:)` instead.
public enum SharedLlamaServers {
    private static let servers = ServerTable()

    /// The process's server for `contextSize` tokens, started now if there is none yet or the last one died.
    public static func server(contextSize: Int) throws -> LlamaServer {
        try servers.server(contextSize: contextSize)
    }

    /// The windows started so far and how long each took to become healthy, for the suites' summaries.
    public static var startTimes: [Int: TimeInterval] { servers.startTimes }

    /// The table behind `server(contextSize:)`; `@unchecked Sendable`: every field is read and written under `lock`.
    private final class ServerTable: @unchecked Sendable {
        private let lock = NSLock()
        private var running: [Int: LlamaServer] = [:]
        private var started: [Int: TimeInterval] = [:]
        private var registeredExit = false

        var startTimes: [Int: TimeInterval] {
            lock.withLock { started }
        }

        func server(contextSize: Int) throws -> LlamaServer {
            try lock.withLock {
                if let server = running[contextSize], server.isRunning { return server }
                let began = Date()
                let server = try LlamaServer(contextSize: contextSize)
                running[contextSize] = server
                started[contextSize] = Date().timeIntervalSince(began)
                // One line per window for scripts/test.sh's summary (scripts/suite-times.py reads it).
                let line = String(format: "shared llama-server: %d-token window healthy after %.1f s (%@)\n",
                                  contextSize, Date().timeIntervalSince(began), LlamaServer.tuning.joined(separator: " "))
                FileHandle.standardError.write(Data(line.utf8))
                if !registeredExit {
                    registeredExit = true
                    atexit { SharedLlamaServers.stopAll() }
                }
                return server
            }
        }

        func stopAll() {
            let servers = lock.withLock {
                defer { running = [:] }
                return Array(running.values)
            }
            for server in servers { server.stop() }
        }
    }

    /// Stops every shared server (at process exit).
    static func stopAll() {
        servers.stopAll()
    }
}
