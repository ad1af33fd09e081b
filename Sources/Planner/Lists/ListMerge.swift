import FoundationEssentials
import Model
import Store

/// Builds the list the traveller sees from the engine's lists and the traveller's rows, in one place for
/// every engine: the remembered choices (always/never) in force when the list was made, then the trip's own
/// changes in order (own items, removals, ticks), then the ticked items the newest list dropped, kept.
public enum ListMerge {
    /// The category of an own item given none.
    public static let ownCategory = "Your items"

    /// The traveller's list on top of `base` (the newest stored list, nil before any pack). `earlier` are the
    /// trip's older lists, newest first (where a dropped, ticked item is found); `changes` the trip's changes
    /// in order; `preferences` the whole history of remembered choices (those made after `base` are not
    /// applied to it: they apply from the next pack, and the trip they were made on has its own change row).
    public static func build(
        base: StoredPackingList?, earlier: [StoredPackingList], changes: [ListChange], preferences: [PreferenceChange]
    ) -> TravellerList {
        let engineList = base.flatMap { try? PackingList.fromJSON($0.json) }
        // The earlier lists, each read once, newest first.
        let earlierLists = earlier.map { (createdAt: $0.createdAt, items: (try? PackingList.fromJSON($0.json))?.items ?? []) }
        var draft = Draft(engineItems: engineList?.items ?? [])
        if let base { draft.apply(Preference.inForce(preferences, at: base.createdAt)) }
        draft.apply(changes)
        draft.keepTicked(from: earlierLists.map(\.items), changes: changes)

        // Printed by category, in the order categories first appear; each item with the number it keeps.
        var categories: [String] = []
        for entry in draft.items where !categories.contains(entry.item.category) { categories.append(entry.item.category) }
        let printed = categories.flatMap { category in draft.items.filter { $0.item.category == category } }
        let history = earlierLists.reversed().map { ($0.createdAt, $0.items) }
            + (base.map { [($0.createdAt, engineList?.items ?? [])] } ?? [])
        let numbers = ItemNumbers.assign(lists: history, changes: changes, printed: printed.map(\.key))
        let entries = printed.enumerated().map { index, entry in
            TravellerList.Entry(
                number: numbers[entry.key] ?? index + 1, item: entry.item, packed: draft.isPacked(entry.key, entry.item),
                source: entry.source, key: entry.key, packedPieces: draft.packedPieces[entry.key] ?? nil
            )
        }
        return TravellerList(
            base: base, entries: entries, notices: engineList?.notices ?? [], leftOff: draft.leftOff, review: engineList?.review
        )
    }

    /// The list as it is being built: its items in order with where each came from, what was left off and why,
    /// and what is ticked or taken off.
    struct Draft {
        var items: [(item: PackingItem, source: TravellerList.Source, key: String)] = []
        var leftOff: [String] = []
        var leftOffKeys: Set<String> = []
        var packed: Set<String> = []
        /// The pieces each ticked item had when it was ticked (nil inside: a tick that counted none, from before
        /// plan counted them or of an item without a quantity, which packs the item whatever its quantity).
        var packedPieces: [String: Int?] = [:]
        var removed: Set<String> = []

        /// Whether every piece of the item is packed: ticked, for at least as many pieces as it now has.
        func isPacked(_ key: String, _ item: PackingItem) -> Bool {
            guard packed.contains(key) else { return false }
            guard let quantity = item.quantity, let pieces = packedPieces[key] ?? nil else { return true }
            return pieces >= quantity
        }

        /// The engine's items, each name once.
        init(engineItems: [PackingItem]) {
            for item in engineItems {
                let key = ItemKey.of(item.name)
                guard !items.contains(where: { $0.key == key }) else { continue }
                items.append((item, .engine, key))
            }
        }

        /// Remembered choices, as they stood when the list was made.
        mutating func apply(_ preferences: [Preference]) {
            for preference in preferences {
                let index = items.firstIndex { $0.key == preference.key }
                switch (preference.choice, index) {
                case let (.never, index?):
                    leftOff.append(items[index].item.name)
                    leftOffKeys.insert(preference.key)
                    items.remove(at: index)
                case (.never, nil): break
                case let (.always, index?):
                    if let quantity = preference.quantity { items[index].item.quantity = quantity }
                    items[index].source = .always
                case (.always, nil):
                    let item = PackingItem(
                        category: preference.category ?? ownCategory, name: preference.name,
                        quantity: preference.quantity, reason: "you always bring it"
                    )
                    items.append((item, .always, preference.key))
                }
            }
        }

        /// The trip's own changes, in order.
        mutating func apply(_ changes: [ListChange]) {
            for change in changes {
                switch change.action {
                case .add: add(change)
                case .remove:
                    removed.insert(change.key)
                    packed.remove(change.key)
                    packedPieces[change.key] = nil
                    items.removeAll { $0.key == change.key }
                case .check:
                    packed.insert(change.key)
                    packedPieces[change.key] = .some(change.quantity)
                case .uncheck:
                    packed.remove(change.key)
                    packedPieces[change.key] = nil
                }
            }
        }

        /// An own item, or a listed one the traveller changed (its quantity, its category).
        mutating func add(_ change: ListChange) {
            removed.remove(change.key)
            leftOff.removeAll { ItemKey.of($0) == change.key }
            leftOffKeys.remove(change.key)
            if let index = items.firstIndex(where: { $0.key == change.key }) {
                if let quantity = change.quantity { items[index].item.quantity = quantity }
                if let category = change.category { items[index].item.category = category }
                if items[index].source != .always { items[index].source = .own }
            } else {
                let item = PackingItem(
                    category: change.category ?? ownCategory, name: change.name, quantity: change.quantity, reason: "your own item"
                )
                items.append((item, .own, change.key))
            }
        }

        /// Ticked items the newest list dropped: kept, from the newest earlier list that had them (not those the
        /// traveller took off, or chose never to have, nor a garment the new list has another kind of: one line
        /// per family, "Short-sleeved tops" replaced by "Long-sleeved tops", which the change report says).
        /// `earlier` are the older lists' items, newest first.
        mutating func keepTicked(from earlier: [[PackingItem]], changes: [ListChange]) {
            for key in packed.sorted()
            where !items.contains(where: { $0.key == key }) && !removed.contains(key) && !leftOffKeys.contains(key) {
                let found = earlier.lazy.compactMap { items in items.first { ItemKey.of($0.name) == key } }.first
                if let family = found.flatMap({ GarmentFamily.of($0.name) }), family.isOneLine,
                   items.contains(where: { $0.source == .engine && GarmentFamily.of($0.item.name) == family }) {
                    continue
                }
                let name = changes.last { $0.key == key }?.name ?? key
                var item = found ?? PackingItem(category: ownCategory, name: name, reason: "")
                item.reason = "not on the newest list; kept because you ticked it"
                item.weather = false
                items.append((item, .kept, key))
            }
        }
    }
}
