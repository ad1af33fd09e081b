import FoundationEssentials

/// The sleeves each kind of top the clothing system names: on a trip of several stops, two stops' kinds with the
/// same sleeves are one line (short-sleeved and breathable short-sleeved tops), and kinds with different ones
/// (short-sleeved for the heat, long-sleeved for the cold) are a line each.
enum TopSleeves {
    enum Sleeve: Sendable { case short, long }

    /// The kinds of top `ClothingSystem.tops()` names, and the sleeves each brings.
    static let table: [String: Set<Sleeve>] = [
        "Breathable short-sleeved tops": [.short],
        "Short-sleeved tops": [.short],
        "Tops, short- and long-sleeved": [.short, .long],
        "Long-sleeved tops, a couple short-sleeved": [.short, .long],
        "Tops in neutral colours (khaki, tan, olive)": [.short, .long],
        "Long-sleeved tops": [.long],
    ]

    /// The kind that does for both `a` and `b`, or nil when they bring different sleeves (short only for the
    /// heat beside a mix for cooler days: the heat's days are not lived in long sleeves) or one is not a kind of
    /// top the table knows. Of two kinds with the same sleeves, the breathable one, else the first.
    static func joined(_ a: String, _ b: String) -> String? {
        guard let left = table[a], let right = table[b], left == right else { return nil }
        return b.hasPrefix("Breathable") && !a.hasPrefix("Breathable") ? b : a
    }
}
