import Foundation
import Store

/// A trip's list as the traveller sees it: the engine's latest list with their ticks, own items and removals
/// applied, and their remembered choices; numbered in the order `plan show` prints it (by category).
public struct TravellerList: Sendable, Equatable {
    /// Where an item on the list came from.
    public enum Source: String, Sendable, Equatable, CaseIterable {
        /// The engine's list (the built-in rules or a model, after plan's check).
        case engine
        /// The traveller put it there on this trip (`plan item add`).
        case own
        /// A remembered choice put it there (`plan item add --always`).
        case always
        /// The newest list dropped it, but the traveller had ticked it: kept, marked.
        case kept
    }

    /// One numbered item.
    public struct Entry: Sendable, Equatable {
        /// 1-based, in printed order.
        public var number: Int
        public var item: PackingItem
        public var packed: Bool
        public var source: Source
        /// `ItemKey.of(item.name)`.
        public var key: String

        public init(number: Int, item: PackingItem, packed: Bool, source: Source, key: String) {
            self.number = number
            self.item = item
            self.packed = packed
            self.source = source
            self.key = key
        }

        /// The traveller's own item (this trip's, or always brought).
        public var isOwn: Bool { source == .own || source == .always }
    }

    /// The engine's list this is built on (nil before the first pack).
    public var base: StoredPackingList?
    public var entries: [Entry]
    /// The engine's notices.
    public var notices: [String]
    /// What the engine put on the list that the traveller's choices left off (names).
    public var leftOff: [String]
    /// plan's check of the engine's answer (for the marks and the review line).
    public var review: PackingReview?

    public init(
        base: StoredPackingList?, entries: [Entry], notices: [String] = [], leftOff: [String] = [], review: PackingReview? = nil
    ) {
        self.base = base
        self.entries = entries
        self.notices = notices
        self.leftOff = leftOff
        self.review = review
    }

    /// How many items are ticked.
    public var packedCount: Int { entries.filter(\.packed).count }

    /// Categories in printed order.
    public var categories: [String] {
        var seen: [String] = []
        for entry in entries where !seen.contains(entry.item.category) { seen.append(entry.item.category) }
        return seen
    }

    /// "12 of 30 packed".
    public var progress: String { "\(packedCount) of \(entries.count) packed" }

    /// The entry with this key.
    public func entry(key: String) -> Entry? { entries.first { $0.key == key } }

    /// The list as a `PackingList` (the items in printed order, the notices), for renderers that take one.
    public var packingList: PackingList {
        PackingList(items: entries.map(\.item), notices: notices, review: review)
    }
}
