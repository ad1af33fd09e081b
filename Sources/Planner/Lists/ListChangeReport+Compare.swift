import FoundationEssentials
import Model

/// How a report is made: by name (`ItemKey`), a garment gone and another of its family come counted as one
/// replacement (`GarmentFamily`, plan's clothing knowledge).
extension ListChangeReport {
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
