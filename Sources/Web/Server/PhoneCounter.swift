import FoundationEssentials
import Basics
import Model

/// The pages open now: each page asks for its state every second with an id of its own, so a page heard from
/// in the last few seconds is a phone (or browser) connected.
public final class PhoneCounter: Sendable {
    /// Seconds after its last request that a page still counts.
    public static let window: TimeInterval = 5
    /// Ids kept at most (a burst of made-up ids cannot grow the table without bound).
    static let capacity = 256

    private let seen = Locked<[String: Date]>([:])
    private let clock: @Sendable () -> Date

    public init(clock: @escaping @Sendable () -> Date = { Date() }) {
        self.clock = clock
    }

    /// A request from the page with this id.
    public func heard(_ client: String) {
        let now = clock()
        seen.withLock { seen in
            if seen.count >= Self.capacity { seen = seen.filter { now.timeIntervalSince($0.value) < Self.window } }
            if seen.count < Self.capacity || seen[client] != nil { seen[client] = now }
        }
    }

    /// Pages heard from within the window.
    public var count: Int {
        let now = clock()
        return seen.withLock { seen in seen.values.filter { now.timeIntervalSince($0) < Self.window }.count }
    }

    /// "1 phone connected", "no phones connected".
    public static func sentence(_ count: Int) -> String {
        switch count {
        case 0: return "no phones connected"
        case 1: return "1 phone connected"
        default: return "\(count) phones connected"
        }
    }
}
