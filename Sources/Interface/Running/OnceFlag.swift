import FoundationEssentials
import Basics
import Model
import Rendering

/// True the first time `claim()` is called, false after.
final class OnceFlag: Sendable {
    private let claimed = Locked(false)

    func claim() -> Bool {
        claimed.withLock { claimed in
            defer { claimed = true }
            return !claimed
        }
    }
}
