import FoundationEssentials

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
        /// Every piece is packed: ticked for at least the quantity the item now has.
        public var packed: Bool
        public var source: Source
        /// `ItemKey.of(item.name)`.
        public var key: String
        /// How many pieces were packed when the item was last ticked (nil: not ticked, or ticked before plan
        /// counted pieces, or the item has no quantity). A re-pack that asks for more leaves it partly packed.
        public var packedPieces: Int?

        public init(number: Int, item: PackingItem, packed: Bool, source: Source, key: String, packedPieces: Int? = nil) {
            self.number = number
            self.item = item
            self.packed = packed
            self.source = source
            self.key = key
            self.packedPieces = packedPieces
        }

        /// How many of the item's pieces are packed, for an item with a quantity: all of them when packed,
        /// the count ticked when partly packed, 0 when not ticked. Nil for an item without a quantity.
        public var packedQuantity: Int? {
            guard let quantity = item.quantity else { return nil }
            if packed { return quantity }
            return min(packedPieces ?? 0, quantity)
        }

        /// Ticked once, for fewer pieces than the item now has ("5 of 20").
        public var isPartlyPacked: Bool {
            guard !packed, let packedQuantity else { return false }
            return packedQuantity > 0
        }

        /// "5 of 20 packed" for a partly packed item, nil otherwise.
        public var partNote: String? {
            guard isPartlyPacked, let packedQuantity, let quantity = item.quantity else { return nil }
            return "\(packedQuantity) of \(quantity) packed"
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
