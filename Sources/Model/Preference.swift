import FoundationEssentials

/// A choice in force: the newest row for its item, when it is not a forgetting.
public struct Preference: Sendable, Equatable {
    public var name: String
    public var key: String
    public var choice: ItemChoice
    public var quantity: Int?
    public var category: String?
    public var tripID: Int?
    /// When it was chosen.
    public var since: Date

    /// The choices in force at `instant` (all of them when nil), in the order they were first made.
    public static func inForce(_ history: [PreferenceChange], at instant: Date? = nil) -> [Preference] {
        var order: [String] = []
        var current: [String: Preference] = [:]
        for change in history.sorted(by: { $0.id < $1.id }) {
            if let instant, change.createdAt > instant { continue }
            guard let choice = change.choice else {
                current[change.key] = nil
                continue
            }
            if !order.contains(change.key) { order.append(change.key) }
            current[change.key] = Preference(
                name: change.name, key: change.key, choice: choice, quantity: change.quantity, category: change.category,
                tripID: change.tripID, since: change.createdAt
            )
        }
        return order.compactMap { current[$0] }
    }
}
