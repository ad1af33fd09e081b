/// A value behind a lock: every read and write goes through `withLock`, so a class holding one can be
/// `Sendable` without an `@unchecked` box of its own.
///
/// `@unchecked Sendable`: `value` is only touched while `lock` is held, and `withLock` hands it out only for
/// the closure's duration.
public final class Locked<Value>: @unchecked Sendable {
    private let lock = Lock()
    private var value: Value

    public init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock; what `body` returns is returned.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }

    /// A copy of the value, read under the lock.
    public var current: Value {
        withLock { $0 }
    }
}
