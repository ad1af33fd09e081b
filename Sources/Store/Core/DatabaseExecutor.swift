import Basics
import Glibc

/// The serial executor a `Store` runs on: one thread of its own, so SQLite's blocking calls (a write that waits
/// up to 10 s for another process's lock) never hold one of Swift's shared cooperative threads (two on a
/// two-core machine, while `plan mcp` serves up to 16 requests at once). GRDB runs each database on a serial
/// dispatch queue of its own; Linux's Dispatch offers no queue as an executor, and its worker pool grows
/// slowly when its threads block (tried: a job waited 19 s to start under the whole suite), so the thread is
/// plan's. It ends once its store is gone and the jobs queued before have run.
final class DatabaseExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs`, `isStopped` and `thread` are read and written only holding `condition`.
    private let condition = Condition()
    private var jobs: [UnownedJob] = []
    /// Where the next job is in `jobs` (taken from the front without shifting the array each time).
    private var next = 0
    private var isStopped = false
    private var thread: pthread_t?

    /// Starts the thread; nil if the system would not start one (`Store.init` then refuses to open).
    static func started() -> DatabaseExecutor? {
        let executor = DatabaseExecutor()
        return DetachedThread.start { executor.run() } ? executor : nil
    }

    private init() {}

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }

    /// Lets the thread end once the jobs queued so far have run.
    func stop() {
        condition.lock()
        isStopped = true
        condition.signal()
        condition.unlock()
    }

    /// Whether the caller runs on this executor's thread.
    var isCurrent: Bool {
        condition.lock()
        defer { condition.unlock() }
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    private func run() {
        condition.lock()
        thread = pthread_self()
        condition.unlock()
        while let job = nextJob() {
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }

    /// The next job, waiting for one; nil once stopped with none left.
    private func nextJob() -> UnownedJob? {
        condition.lock()
        defer { condition.unlock() }
        while next == jobs.count && !isStopped { condition.wait() }
        guard next < jobs.count else { return nil }
        let job = jobs[next]
        next += 1
        if next == jobs.count {
            jobs.removeAll(keepingCapacity: true)
            next = 0
        } else if next >= 1_024 {
            jobs.removeFirst(next)
            next = 0
        }
        return job
    }
}
