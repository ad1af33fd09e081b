import FoundationEssentials

/// How an item's name is matched from one list to the next, and against what the traveller types: the name's
/// one form (`ItemName.normalized`) in lower case ("Rain  Jacket", "rain jacket" and "Rain\u{AD}jacket" are
/// one item).
public enum ItemKey {
    /// The longest name plan stores, in code points (a column CHECK holds it too, with SQLite's `length()`).
    public static let maximumLength = 200

    /// The key of `name`.
    public static func of(_ name: String) -> String {
        ItemName.normalized(name).lowercased()
    }

    /// `name` in its one form (`ItemName.normalized`): the form plan stores for a name the traveller typed or
    /// a model answered. Nil when nothing is left, or when it or its key is longer than the column holds.
    public static func tidy(_ name: String) -> String? {
        let tidied = ItemName.normalized(name)
        return ItemName.fits(tidied) ? tidied : nil
    }
}
