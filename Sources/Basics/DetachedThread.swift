#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for work that blocks (reading standard input, a signal pipe, libcurl): what plan used
/// Foundation's `Thread` for, without linking Foundation (issue 47).
public enum DetachedThread {
    /// The thread's work, passed through pthread_create's one pointer.
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread; false if the system would not start one.
    @discardableResult
    public static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { argument in
            guard let argument else { return nil }
            let work = Unmanaged<Work>.fromOpaque(argument).takeRetainedValue()
            work.body()
            return nil
        }, work)
        guard started == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
