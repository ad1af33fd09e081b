import CSQLite
import Glibc
import Synchronization

/// How a connection waits for another process's lock: SQLite's own schedule of sleeps (1 ms growing to 100 ms)
/// up to a limit, as `sqlite3_busy_timeout` does, except that a cancelled task stops waiting at once (the
/// statement then fails with SQLITE_BUSY, which the connection reports as the cancellation). The handler runs
/// inside the statement, on the store's thread, within the calling task's job.
final class BusyWait: Sendable {
    /// The longest wait, in milliseconds (0: none).
    private let limit: Atomic<Int32>
    /// Sleeps taken since the connection opened (a test sees a statement waiting without asking the store,
    /// whose thread is in the wait).
    private let sleeps = Atomic<Int>(0)
    /// The milliseconds the last wait slept in all, by the schedule (not a clock).
    private let lastWait = Atomic<Int32>(0)

    init(milliseconds: Int32) {
        limit = Atomic(max(0, milliseconds))
    }

    var milliseconds: Int32 {
        get { limit.load(ordering: .relaxed) }
        set { limit.store(max(0, newValue), ordering: .relaxed) }
    }

    var sleepCount: Int { sleeps.load(ordering: .relaxed) }
    var lastWaitMilliseconds: Int32 { lastWait.load(ordering: .relaxed) }

    /// SQLite's sleeps, in milliseconds, then 100 ms each.
    static let delays: [Int32] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
    /// The sum of the delays before each.
    static let totals: [Int32] = delays.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1) }

    /// The milliseconds slept before retry `count` (0-based) by the schedule.
    static func waited(beforeRetry count: Int) -> Int32 {
        if count < delays.count { return totals[count] }
        let beyond = Int32(clamping: (count - delays.count) * 100)
        return (totals.last ?? 0) &+ beyond
    }

    /// The sleep before retry `count` (0-based), nil when the wait is over.
    func delay(beforeRetry count: Int) -> Int32? {
        let delay = Self.delays[min(count, Self.delays.count - 1)]
        let waited = Self.waited(beforeRetry: count)
        let left = milliseconds - waited
        guard left > 0 else { return nil }
        return min(delay, left)
    }

    /// One call of the handler: sleeps and says to retry (1), or gives up (0) when the limit is reached or the
    /// task is cancelled.
    func retry(count: Int) -> Int32 {
        if count == 0 { lastWait.store(0, ordering: .relaxed) }
        guard !Task.isCancelled, let delay = delay(beforeRetry: count) else { return 0 }
        sleeps.add(1, ordering: .relaxed)
        lastWait.add(delay, ordering: .relaxed)
        usleep(UInt32(clamping: delay) * 1_000)  // at most 100 ms: no overflow
        return 1
    }

    /// Installs the handler on `database`; the connection keeps `self` alive as long as the handle.
    func install(on database: OpaquePointer) -> Int32 {
        sqlite3_busy_handler(database, { context, count in
            guard let context else { return 0 }
            let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
            return wait.retry(count: Int(count))  // widening: Int32 to Int
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
