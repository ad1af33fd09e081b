import Foundation

/// Ctrl-C (SIGINT) and SIGTERM as an awaitable event: the server stops cleanly instead of being killed mid-write.
public enum StopSignal {
    /// Returns when the process gets SIGINT or SIGTERM (after this call; their default action is replaced).
    public static func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = Resumed(continuation)
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { resumed.resume() }
                source.resume()
                resumed.keep(source)
            }
        }
    }

    /// Resumes the continuation once, and keeps the signal sources alive until then.
    private final class Resumed: @unchecked Sendable {
        // @unchecked: `continuation` and `sources` are only touched while `lock` is held.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Void, Never>?
        private var sources: [any DispatchSourceSignal] = []

        init(_ continuation: CheckedContinuation<Void, Never>) {
            self.continuation = continuation
        }

        func keep(_ source: any DispatchSourceSignal) {
            lock.lock()
            sources.append(source)
            lock.unlock()
        }

        func resume() {
            lock.lock()
            let waiting = continuation
            continuation = nil
            sources.forEach { $0.cancel() }
            sources = []
            lock.unlock()
            waiting?.resume()
        }
    }
}
