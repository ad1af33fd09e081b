import Foundation

/// A clock a test moves by hand, so cache lifetimes pass without sleeping.
final class TestClock: @unchecked Sendable {
    // @unchecked Sendable: `current` is only read and written while holding `lock`.
    private let lock = NSLock()
    private var current: Date

    init(_ start: Date = Date()) {
        current = start
    }

    var now: Date {
        lock.withLock { current }
    }

    /// Moves the clock forward by `seconds`.
    func advance(by seconds: TimeInterval) {
        lock.withLock { current = current.addingTimeInterval(seconds) }
    }

    /// The clock as the closure HTTPClient and Store take.
    var function: @Sendable () -> Date {
        { [self] in now }
    }
}
