import FoundationEssentials

/// A change to record: what `Store.recordListChanges` is given.
public struct NewListChange: Sendable, Equatable {
    public var action: ListChange.Action
    public var name: String
    public var quantity: Int?
    public var category: String?

    public init(_ action: ListChange.Action, _ name: String, quantity: Int? = nil, category: String? = nil) {
        self.action = action
        self.name = name
        self.quantity = quantity
        self.category = category
    }
}
