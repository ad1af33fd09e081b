import FoundationEssentials

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
