import FoundationEssentials
import Basics
import Dispatch
import Glibc
import Model
import PlanKit
import Rendering

/// While it lives, Ctrl-C (SIGINT) runs `onInterrupt` (recording that the work was cut short) and then
/// exits 130, as a shell expects of an interrupted command. The signal is caught by `ProcessSignals` (a
/// handler of plan's own, not a dispatch source, which could lose it).
final class InterruptHandler: Sendable {
    /// Cleared by `cancel()` at once, so what it captured (the store, whose deinit writes the cache's
    /// counters) goes away before the process exits, not whenever the handler is dropped.
    private let onInterrupt: Locked<(@Sendable () async -> Void)?>

    /// `command`: the one the next run of resumes the session ("pack", "ask").
    init(command: String = "pack", onInterrupt: @escaping @Sendable () async -> Void) {
        let line = "\nplan: interrupted; the next 'plan \(command)' resumes the session.\n"
        let action = Locked<(@Sendable () async -> Void)?>(onInterrupt)
        self.onInterrupt = action
        ProcessSignals.watch(SIGINT) {
            guard let recording = action.withLock({ taken -> (@Sendable () async -> Void)? in
                defer { taken = nil }
                return taken
            }) else { return }
            let done = DispatchSemaphore(value: 0)
            Task {
                await recording()
                done.signal()
            }
            // Recording takes milliseconds; a stuck database is not worth hanging Ctrl-C for.
            _ = done.wait(timeout: .now() + 3)
            StandardError.write(line)
            exit(130)
        }
    }

    /// Ctrl-C goes back to ending the process at once.
    func cancel() {
        onInterrupt.withLock { $0 = nil }
        ProcessSignals.restore(SIGINT)
    }
}
