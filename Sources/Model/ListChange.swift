import FoundationEssentials

/// One thing the traveller did to a trip's list (a tick, an own item, an item taken off): a plain row with
/// its time, never a session. The list the traveller sees is the engine's list with these applied in order.
public struct ListChange: Sendable, Equatable {
    /// What was done.
    public enum Action: String, Sendable, CaseIterable {
        /// Ticked: packed.
        case check
        /// Unticked.
        case uncheck
        /// The traveller's own item put on the list (or an item of the list made theirs).
        case add
        /// Taken off this trip's list.
        case remove
    }

    public var id: Int
    public var tripID: Int
    /// The stored list shown when the change was made (nil before any pack, or once that list is gone).
    public var listID: Int?
    public var action: Action
    /// The item's name as shown.
    public var name: String
    /// `ItemKey.of(name)`.
    public var key: String
    public var quantity: Int?
    public var category: String?
    public var createdAt: Date

    public init(
        id: Int, tripID: Int, listID: Int?, action: Action, name: String, quantity: Int? = nil, category: String? = nil,
        createdAt: Date
    ) {
        self.id = id
        self.tripID = tripID
        self.listID = listID
        self.action = action
        self.name = name
        self.key = ItemKey.of(name)
        self.quantity = quantity
        self.category = category
        self.createdAt = createdAt
    }
}
