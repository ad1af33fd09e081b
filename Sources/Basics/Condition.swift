#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock with a condition to wait on (a POSIX mutex and condition variable): a thread of plan's own sleeps in
/// `wait()` until another thread, holding the lock, changes what it waits for and calls `signal()`.
///
/// `@unchecked Sendable`: the mutex is the synchronisation; the condition lives at a fixed address allocated once.
public final class Condition: @unchecked Sendable {
    private let mutex = Lock()
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
    }

    public func lock() {
        mutex.lock()
    }

    public func unlock() {
        mutex.unlock()
    }

    /// Releases the lock, sleeps until signalled, and takes the lock again. The caller holds the lock and checks
    /// what it waits for in a loop (a wake-up may come without a signal).
    public func wait() {
        pthread_cond_wait(condition, mutex.mutex)
    }

    /// Wakes one thread waiting; the caller holds the lock.
    public func signal() {
        pthread_cond_signal(condition)
    }
}
