import Foundation

/// While it lives, Ctrl-C (SIGINT) runs `onInterrupt` (recording that the work was cut short) and then
/// exits 130, as a shell expects of an interrupted command. `@unchecked Sendable`: the source is set once.
final class InterruptHandler: @unchecked Sendable {
    private let source: any DispatchSourceSignal

    init(onInterrupt: @escaping @Sendable () async -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            let done = DispatchSemaphore(value: 0)
            Task {
                await onInterrupt()
                done.signal()
            }
            // Recording takes milliseconds; a stuck database is not worth hanging Ctrl-C for.
            _ = done.wait(timeout: .now() + 3)
            FileHandle.standardError.write(Data("\nplan: interrupted; the next 'plan pack' resumes the session.\n".utf8))
            exit(130)
        }
        source.resume()
    }

    /// Ctrl-C goes back to ending the process at once.
    func cancel() {
        source.cancel()
        signal(SIGINT, SIG_DFL)
    }
}
