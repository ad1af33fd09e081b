import FoundationEssentials

/// What a re-pack changed, item by item, against the list the traveller had: "+ Rain jacket — 90% rain
/// Thu Dec 4; − Sunscreen; Socks ×5 → ×6". Matched by name (`ItemKey`).
public struct ListChangeReport: Sendable, Equatable {
    /// An item the new list has and the old did not, with the new list's reason.
    public struct Added: Sendable, Equatable {
        public var item: PackingItem

        public init(item: PackingItem) { self.item = item }
    }

    /// An item the old list had and the new does not; `isKept` when it stays because it was ticked.
    public struct Removed: Sendable, Equatable {
        public var item: PackingItem
        public var isKept: Bool

        public init(item: PackingItem, isKept: Bool) {
            self.item = item
            self.isKept = isKept
        }
    }

    /// An item on both lists whose quantity changed.
    public struct Changed: Sendable, Equatable {
        public var item: PackingItem
        public var from: Int?
        public var to: Int?

        public init(item: PackingItem, from: Int?, to: Int?) {
            self.item = item
            self.from = from
            self.to = to
        }
    }

    /// A garment the new list has another kind of ("Short-sleeved tops" → "Long-sleeved tops"): one line per
    /// family; `wasPacked` when the traveller had ticked the old kind.
    public struct Replaced: Sendable, Equatable {
        public var old: PackingItem
        public var new: PackingItem
        public var wasPacked: Bool

        public init(old: PackingItem, new: PackingItem, wasPacked: Bool) {
            self.old = old
            self.new = new
            self.wasPacked = wasPacked
        }
    }

    /// When the old list was made.
    public var since: Date
    public var added: [Added]
    public var removed: [Removed]
    public var changed: [Changed]
    public var replaced: [Replaced]

    public init(since: Date, added: [Added], removed: [Removed], changed: [Changed], replaced: [Replaced] = []) {
        self.since = since
        self.added = added
        self.removed = removed
        self.changed = changed
        self.replaced = replaced
    }

    public var isEmpty: Bool { added.isEmpty && removed.isEmpty && changed.isEmpty && replaced.isEmpty }
}
