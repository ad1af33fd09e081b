import FoundationEssentials
import Basics
import Glibc
import PlanKit

/// Ctrl-C (SIGINT) and SIGTERM as an awaitable event: the server stops cleanly instead of being killed mid-write.
///
/// Armed before the server says its address, so a signal that comes the moment a script reads the address is
/// kept: waiting after it came returns at once.
public final class StopSignal: @unchecked Sendable {
    // @unchecked: `continuation` and `fired` are only touched while `lock` is held.
    private let lock = Lock()
    private var continuation: CheckedContinuation<Void, Never>?
    private var fired = false

    /// Starts watching SIGINT and SIGTERM (their default action, ending the process, is replaced from here on).
    public init() {
        for number in [SIGINT, SIGTERM] {
            ProcessSignals.watch(number) { [weak self] in self?.fire() }
        }
    }

    /// Returns once SIGINT or SIGTERM has come since `init` (at once when one already has).
    public func wait() async {
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            lock.lock()
            if fired {
                lock.unlock()
                waiting.resume()
            } else {
                continuation = waiting
                lock.unlock()
            }
        }
    }

    private func fire() {
        lock.lock()
        fired = true
        let waiting = continuation
        continuation = nil
        lock.unlock()
        waiting?.resume()
    }
}
