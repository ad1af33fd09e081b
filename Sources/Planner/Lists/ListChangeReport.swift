import FoundationEssentials
import Model

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

    /// The changes from `old` to `new`.
    public static func compare(_ old: TravellerList, _ new: TravellerList, since: Date) -> ListChangeReport {
        var added: [Added] = []
        var removed: [Removed] = []
        var changed: [Changed] = []
        for entry in new.entries where entry.source != .kept {
            guard let before = old.entry(key: entry.key), before.source != .kept else {
                added.append(Added(item: entry.item))
                continue
            }
            if before.item.quantity != entry.item.quantity {
                changed.append(Changed(item: entry.item, from: before.item.quantity, to: entry.item.quantity))
            }
        }
        for entry in old.entries where entry.source != .kept {
            let now = new.entry(key: entry.key)
            if now == nil || now?.source == .kept {
                removed.append(Removed(item: entry.item, isKept: now != nil))
            }
        }
        // A garment gone and another kind of it come: one replacement, not a removal and an addition.
        var replaced: [Replaced] = []
        for gone in removed where !gone.isKept {
            guard let family = GarmentFamily.of(gone.item.name), family.isOneLine,
                  let index = added.firstIndex(where: { GarmentFamily.of($0.item.name) == family }) else { continue }
            let wasPacked = old.entries.first { $0.item.name == gone.item.name }?.packed ?? false
            replaced.append(Replaced(old: gone.item, new: added[index].item, wasPacked: wasPacked))
            added.remove(at: index)
        }
        removed.removeAll { gone in replaced.contains { $0.old == gone.item } }
        return ListChangeReport(since: since, added: added, removed: removed, changed: changed, replaced: replaced)
    }
}
