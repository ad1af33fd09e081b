import CSQLite
import Foundation

/// How a connection waits for another process's lock: SQLite's own schedule of sleeps (1 ms growing to 100 ms)
/// up to a timeout, as `sqlite3_busy_timeout` does, except that a cancelled task stops waiting at once (the
/// statement then fails with SQLITE_BUSY, which the connection reports as the cancellation). The handler runs
/// synchronously inside the statement, on the store's thread, within the calling task's job.
final class BusyWait: @unchecked Sendable {
    // @unchecked Sendable: used only by its connection, on its store's thread, one statement at a time.
    /// The longest wait, in milliseconds (0: none).
    var milliseconds: Int32

    init(milliseconds: Int32) {
        self.milliseconds = milliseconds
    }

    /// SQLite's sleeps, in milliseconds, then 100 ms each.
    static let delays: [Int32] = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
    /// The sum of the delays before each.
    static let totals: [Int32] = delays.reduce(into: [0]) { $0.append(($0.last ?? 0) + $1) }

    /// The sleep before retry `count` (0-based), nil when the wait is over.
    func delay(beforeRetry count: Int) -> Int32? {
        let index = min(count, Self.delays.count - 1)
        let delay = Self.delays[index]
        let waited = count < Self.delays.count ? Self.totals[count] : (Self.totals.last ?? 0) + Int32(clamping: (count - Self.delays.count) * 100)
        let left = milliseconds - waited
        guard left > 0 else { return nil }
        return min(delay, left)
    }

    /// Installs the handler on `database`; the connection keeps `self` alive as long as the handle.
    func install(on database: OpaquePointer) -> Int32 {
        sqlite3_busy_handler(database, { context, count in
            guard let context, !Task.isCancelled else { return 0 }
            let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
            guard let delay = wait.delay(beforeRetry: Int(count)) else { return 0 }  // widening: Int32 to Int
            usleep(UInt32(clamping: delay) * 1_000)  // at most 100 ms: no overflow
            return 1
        }, Unmanaged.passUnretained(self).toOpaque())
    }
}
