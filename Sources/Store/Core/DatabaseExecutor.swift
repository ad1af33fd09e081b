import Foundation

/// The serial executor of a database actor (`Store`, `ReadOnlyDatabase`): its work runs on a dispatch queue of
/// its own, never on one of Swift concurrency's shared threads. SQLite's calls block: a statement waiting for
/// another process's lock sleeps for up to the busy timeout (10 s), and on a 2-core machine the shared pool has
/// two threads, which two such waits would take from every other task of the process (an MCP server answering
/// up to 16 requests, a page server, a pack's forecasts). A serial dispatch queue's thread is one of its
/// overcommitting pool's, which grows when one blocks. (GRDB runs each database on a queue of its own too.)
final class DatabaseExecutor: SerialExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}
