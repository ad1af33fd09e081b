import FoundationEssentials
import Model
import Store

extension PackingList {
    /// The list with every item's name in its one form (`ItemName`), as it is stored: what the rules, the
    /// built-in engine or a model put on it is ticked, matched and shown by the same name. A name is cut to
    /// what the tables hold; an item left with no name is dropped.
    public var withNormalizedNames: PackingList {
        var list = self
        list.items = items.compactMap { item in
            var item = item
            item.name = ItemName.cut(item.name, characters: ItemKey.maximumLength)
            return item.name.isEmpty ? nil : item
        }
        return list
    }
}
