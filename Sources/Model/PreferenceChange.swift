import FoundationEssentials

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
