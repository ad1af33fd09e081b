import FoundationEssentials
import Model
import Planner

/// A tick from a page: the item as the page showed it (its key, name and quantity), and whether it is packed.
public struct ChecklistTick: Sendable, Equatable {
    /// The item's key (`ItemKey.of` its name), as the page had it.
    public let key: String
    /// The item's name when the page showed it.
    public let name: String
    /// Its quantity then (nil: none).
    public let quantity: Int?
    /// Tick (true) or untick.
    public let packed: Bool

    public init(key: String, name: String, quantity: Int?, packed: Bool) {
        self.key = key
        self.name = name
        self.quantity = quantity
        self.packed = packed
    }

    /// What a tick did.
    public enum Outcome: Sendable {
        /// Written (or already so): the list afterwards.
        case done(TravellerList)
        /// The item changed since the page showed it (a re-pack): nothing was written; the item now.
        case changed(TravellerList.Entry)
        /// The item is no longer on the list: nothing was written.
        case gone
    }
}
