import FoundationEssentials
import Basics
import Model

/// A value behind a lock, for the backend's stream state (the SSE splitter, the streamed-answer
/// accumulator, the `<think>` filter): every read and write goes through `withLock`.
///
/// The framework's own copy of Store's `Locked<Value>` (LanguageModels imports no plan module); internal,
/// so the two never meet in one file. `@unchecked Sendable`: `value` is only touched while `lock` is held,
/// and `withLock` hands it out only for the closure's duration.
final class LockedState<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
