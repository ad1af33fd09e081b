import Foundation

/// True the first time `claim()` is called, false after. `@unchecked Sendable`: the flag is only
/// read and written under the lock.
final class OnceFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false

    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
