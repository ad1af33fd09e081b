import FoundationEssentials
import Model
import Store

/// The numbers a trip's items keep (issue 35, point 4): an item keeps its number for as long as it is on the
/// trip's list, a new item takes the next number, and no number is given to another item within the trip. They
/// are worked out from the trip's history, the same way by every reader: its packs' lists (oldest first,
/// each in printed order) and the traveller's own items, in the order they happened; what the history does
/// not hold (an item remembered as always brought) takes the next numbers in printed order.
enum ItemNumbers {
    /// Each item key's number. `lists` are the trip's packs' lists (when each was made, its items), oldest
    /// first; `changes` its own changes; `printed` the keys as the list prints them now.
    static func assign(
        lists: [(createdAt: Date, items: [PackingItem])], changes: [ListChange], printed: [String]
    ) -> [String: Int] {
        var events: [(at: Date, order: Int, keys: [String])] = []
        for (index, list) in lists.enumerated() {
            events.append((list.createdAt, index, inPrintedOrder(list.items).map { ItemKey.of($0.name) }))
        }
        for change in changes where change.action == .add {
            events.append((change.createdAt, lists.count + change.id, [change.key]))
        }
        var numbers: [String: Int] = [:]
        var next = 0
        let ordered = events.sorted { $0.at != $1.at ? $0.at < $1.at : $0.order < $1.order }
        for key in ordered.flatMap(\.keys) + printed where numbers[key] == nil {
            next += 1
            numbers[key] = next
        }
        return numbers
    }

    /// Items in the order a list prints them: categories in the order they first appear.
    static func inPrintedOrder(_ items: [PackingItem]) -> [PackingItem] {
        var categories: [String] = []
        for item in items where !categories.contains(item.category) { categories.append(item.category) }
        return categories.flatMap { category in items.filter { $0.category == category } }
    }
}
