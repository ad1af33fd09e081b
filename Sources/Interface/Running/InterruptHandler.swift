import Foundation
import Model
import Store

/// While it lives, Ctrl-C (SIGINT) runs `onInterrupt` (recording that the work was cut short) and then
/// exits 130, as a shell expects of an interrupted command. `@unchecked Sendable`: the source is set once
/// and never changed (`DispatchSourceSignal` is not marked `Sendable`).
final class InterruptHandler: @unchecked Sendable {
    private let source: any DispatchSourceSignal
    /// Cleared by `cancel()` at once, so what it captured (the store, whose deinit writes the cache's
    /// counters) goes away before the process exits, not whenever the dispatch queue drops the handler.
    private let onInterrupt: Locked<(@Sendable () async -> Void)?>

    /// `command`: the one the next run of resumes the session ("pack", "ask").
    init(command: String = "pack", onInterrupt: @escaping @Sendable () async -> Void) {
        let line = "\nplan: interrupted; the next 'plan \(command)' resumes the session.\n"
        self.onInterrupt = Locked(onInterrupt)
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler { [weak self] in
            guard let action = self?.takeAction() else { return }
            let done = DispatchSemaphore(value: 0)
            Task {
                await action()
                done.signal()
            }
            // Recording takes milliseconds; a stuck database is not worth hanging Ctrl-C for.
            _ = done.wait(timeout: .now() + 3)
            FileHandle.standardError.write(Data(line.utf8))
            exit(130)
        }
        source.resume()
    }

    private func takeAction() -> (@Sendable () async -> Void)? {
        onInterrupt.withLock { action in
            defer { action = nil }
            return action
        }
    }

    /// Ctrl-C goes back to ending the process at once.
    func cancel() {
        _ = takeAction()
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
