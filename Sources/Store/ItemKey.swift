import Foundation

/// How an item's name is matched from one list to the next, and against what the traveller types: lower
/// case, spaces collapsed, nothing else changed ("Rain  Jacket" and "rain jacket" are one item).
public enum ItemKey {
    /// The longest name plan stores (a column CHECK holds it too).
    public static let maximumLength = 200

    /// The key of `name`.
    public static func of(_ name: String) -> String {
        var key = ""
        var pendingSpace = false
        for character in name.lowercased() {
            if character.isWhitespace {
                pendingSpace = !key.isEmpty
                continue
            }
            if pendingSpace { key.append(" ") }
            pendingSpace = false
            key.append(character)
        }
        return key
    }

    /// `name` with control characters turned to spaces and its spaces collapsed: the form plan stores for a
    /// name the traveller typed or a model answered. Nil when nothing is left, or when it is too long.
    public static func tidy(_ name: String) -> String? {
        var tidied = ""
        var pendingSpace = false
        for scalar in name.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .format
            if isSpace {
                pendingSpace = !tidied.isEmpty
                continue
            }
            if pendingSpace { tidied.unicodeScalars.append(" ") }
            pendingSpace = false
            tidied.unicodeScalars.append(scalar)
        }
        guard !tidied.isEmpty, tidied.count <= maximumLength else { return nil }
        return tidied
    }
}
