import Foundation

/// Collects strings from @Sendable callbacks.
final class Recorder: @unchecked Sendable {
    // @unchecked Sendable: `items` is only touched while holding `lock`.
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ value: String) {
        lock.withLock { items.append(value) }
    }

    var values: [String] {
        lock.withLock { items }
    }
}
