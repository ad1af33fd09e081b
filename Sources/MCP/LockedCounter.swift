import FoundationEssentials
import Basics

/// The count of progress lines a request has sent and the last one, behind a lock (progress is reported from
/// whatever thread the work runs on). `@unchecked Sendable`: every access holds `lock`.
final class LockedCounter: @unchecked Sendable {
    private let lock = Lock()
    private var count = 0
    private var last = ""

    /// The next line's number, or nil when `line` repeats the last or `limit` lines were sent.
    func next(_ line: String, limit: Int) -> Int? {
        lock.withLock {
            guard line != last, count < limit else { return nil }
            last = line
            count += 1
            return count
        }
    }
}
