import FoundationEssentials
import Basics
import Glibc

/// The process that runs a session: its pid and a token that tells a reused pid apart (the boot id and the
/// process's start time in clock ticks since boot, field 22 of `/proc/<pid>/stat`). A session left `running`
/// whose owner is gone was cut short by a kill or a crash; one whose owner is alive is another command at work.
public struct SessionOwner: Sendable, Equatable {
    public var pid: Int
    public var token: String

    public init(pid: Int, token: String) {
        self.pid = pid
        self.token = token
    }

    /// This process (nil where /proc cannot say: the owner is then not recorded).
    public static let current: SessionOwner? = {
        let pid = Int(getpid())  // widening: pid_t (Int32) to Int
        guard let token = token(of: pid) else { return nil }
        return SessionOwner(pid: pid, token: token)
    }()

    /// Whether the owner still runs: the same pid, started at the same tick of the same boot.
    public var isAlive: Bool {
        guard pid > 0, let now = Self.token(of: pid) else { return false }
        return now == token
    }

    /// Whether this is the current process.
    public var isCurrent: Bool { self == Self.current }

    /// "<boot id>:<start ticks>" for a running pid, nil when it does not run (or /proc is not there).
    static func token(of pid: Int) -> String? {
        guard let stat = read("/proc/\(pid)/stat", limit: 4_096), let start = startTicks(fromStat: stat) else { return nil }
        let boot = read("/proc/sys/kernel/random/boot_id", limit: 200)?.trimming(.whitespacesAndNewlines) ?? ""
        return String((boot.isEmpty ? "boot" : boot).prefix(64)) + ":" + start
    }

    /// Field 22 (starttime) of a `/proc/<pid>/stat` line. The command name (field 2) is in parentheses and
    /// may itself hold spaces and parentheses, so the fields are counted after the last ")".
    static func startTicks(fromStat text: String) -> String? {
        guard let close = text.lastIndex(of: ")") else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ", omittingEmptySubsequences: true)
        // fields[0] is field 3 (state): starttime, field 22, is fields[19].
        guard fields.count > 19 else { return nil }
        let start = fields[19].trimming(.whitespacesAndNewlines)
        guard !start.isEmpty, start.count <= 20, start.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return start
    }

    private static func read(_ path: String, limit: Int) -> String? {
        guard let bytes = FileBytes.read(path, limit: limit), !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }
}
