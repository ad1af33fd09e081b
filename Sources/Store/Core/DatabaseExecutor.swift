import Foundation

/// The serial executor a `Store` runs on: one thread of its own, so SQLite's blocking calls (a write that
/// waits up to 10 s for another process's lock) never hold one of Swift's shared cooperative threads (two on a
/// two-core machine, while `plan mcp` serves up to 16 requests at once). As GRDB runs each database on its own
/// serial dispatch queue; Linux's Dispatch has no `DispatchSerialQueue` executor, so the thread is plan's.
/// The thread ends once the store is gone and its last job has run.
final class DatabaseExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs` and `isStopped` are read and written only while holding `condition`.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var isStopped = false

    init(name: String) {
        let thread = Thread { [self] in self.run() }
        thread.name = name
        thread.start()
    }

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

    /// Whether the caller runs on this executor's thread (for tests).
    var isCurrent: Bool {
        guard let id = threadID.current else { return false }
        return pthread_equal(id, pthread_self()) != 0
    }

    /// The thread's id, once it runs.
    private let threadID = Locked<pthread_t?>(nil)

    private func run() {
        threadID.withLock { $0 = pthread_self() }
        while true {
            condition.lock()
            while jobs.isEmpty && !isStopped { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}
