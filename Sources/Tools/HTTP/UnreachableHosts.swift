import FoundationEssentials
import Basics

/// Hosts that could not be reached in this run (connection refused, name not found): asked again within
/// `memory` seconds, they fail at once instead of each request waiting out its own connection attempt. An
/// offline machine then answers a pack of several stops in milliseconds. Process-wide: each `plan` command is
/// one process, and a long-running `plan mcp` forgets a host after `memory` seconds.
public final class UnreachableHosts: @unchecked Sendable {
    // @unchecked Sendable: every access to `failures` holds `lock`.
    private let lock = Lock()
    private var failures: [String: (reason: String, at: Date)] = [:]
    /// Seconds a failure is remembered.
    public let memory: TimeInterval

    /// The one memo of this process.
    public static let shared = UnreachableHosts()

    public init(memory: TimeInterval = 30) {
        self.memory = memory
    }

    /// The reason `url`'s host failed within the last `memory` seconds, or nil.
    public func failure(for url: URL, now: Date = Date()) -> String? {
        guard let key = Self.key(url) else { return nil }
        return lock.withLock {
            guard let failure = failures[key] else { return nil }
            guard now.timeIntervalSince(failure.at) < memory else {
                failures[key] = nil
                return nil
            }
            return failure.reason
        }
    }

    /// Remembers that `url`'s host could not be reached.
    public func record(_ url: URL, reason: String, now: Date = Date()) {
        guard let key = Self.key(url) else { return }
        lock.withLock { failures[key] = (reason, now) }
    }

    /// Forgets `url`'s host (it answered).
    public func clear(_ url: URL) {
        guard let key = Self.key(url) else { return }
        lock.withLock { failures[key] = nil }
    }

    /// Scheme, host and port: one server.
    static func key(_ url: URL) -> String? {
        guard let host = url.host?.lowercased() else { return nil }
        return "\(url.scheme?.lowercased() ?? "")://\(host):\(url.port.map(String.init) ?? "")"
    }
}
