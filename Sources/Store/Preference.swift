import Foundation

/// What the traveller chose for an item on every later trip: `plan item add --always`, `plan item rm --never`.
public enum ItemChoice: String, Sendable, CaseIterable, Codable {
    /// Put it on every list ("always bring my CPAP").
    case always
    /// Leave it off every list ("never suggest an umbrella").
    case never
}

/// One row of the preferences' history: a choice made, or forgotten (`choice` nil, `plan prefs rm`).
public struct PreferenceChange: Sendable, Equatable {
    public var id: Int
    public var name: String
    public var key: String
    /// The choice made; nil when this row forgets the item's choice.
    public var choice: ItemChoice?
    public var quantity: Int?
    public var category: String?
    /// The trip the choice was made on.
    public var tripID: Int?
    public var createdAt: Date

    public init(
        id: Int, name: String, choice: ItemChoice?, quantity: Int? = nil, category: String? = nil, tripID: Int? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.key = ItemKey.of(name)
        self.choice = choice
        self.quantity = quantity
        self.category = category
        self.tripID = tripID
        self.createdAt = createdAt
    }
}

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

/// A preference row to record.
public struct NewPreferenceChange: Sendable, Equatable {
    public var name: String
    public var choice: ItemChoice?
    public var quantity: Int?
    public var category: String?

    public init(_ name: String, choice: ItemChoice?, quantity: Int? = nil, category: String? = nil) {
        self.name = name
        self.choice = choice
        self.quantity = quantity
        self.category = category
    }
}
