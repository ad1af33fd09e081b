import FoundationEssentials
import Basics
import Model
import Store

/// Finds the item a traveller means: its number as `plan show` prints it, its name in any case, the start
/// of its name when only one item starts so, else the start of a word in it ("umbrella" for "Compact
/// umbrella") when only one item has such a word.
public enum ItemResolver {
    /// The entry `reference` names on `list` (trip `trip`, for messages). Digits are a number unless `byName`
    /// (`--name`), which reads every reference as a name ("42" the item named so).
    public static func resolve(
        _ reference: String, in list: TravellerList, trip: Int, byName: Bool = false
    ) throws(ListError) -> TravellerList.Entry {
        let text = reference.trimming(.whitespaces)
        if !byName, !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(text) { // parses text
            guard let numbered = list.entries.first(where: { $0.number == number }) else {
                // An item may be named with digits ("42"): say so, and how to name it.
                if list.entry(key: ItemKey.of(text)) != nil {
                    throw .numberIsAName(text, count: list.entries.count, trip: trip)
                }
                throw .noSuchNumber(number, count: list.entries.count, trip: trip)
            }
            return numbered
        }
        let key = ItemKey.of(text)
        guard !key.isEmpty else { throw .unknownItem(reference, candidates: [], trip: trip) }
        if let exact = list.entry(key: key) ?? list.entries.first(where: { ItemKey.of($0.item.label) == key }) {
            return exact
        }
        let starting = list.entries.filter { $0.key.hasPrefix(key) }
        if starting.count == 1 { return starting[0] }
        if starting.count > 1 { throw .ambiguousItem(reference, candidates: starting.map(\.item.name), trip: trip) }
        // Then the start of a word of the name ("umbrella" for "Compact umbrella"), when only one item fits.
        let wordStarting = list.entries.filter { entry in
            let words = entry.key.split(separator: " ")
            return words.indices.contains { words[$0...].joined(separator: " ").hasPrefix(key) }
        }
        if wordStarting.count == 1 { return wordStarting[0] }
        if wordStarting.count > 1 { throw .ambiguousItem(reference, candidates: wordStarting.map(\.item.name), trip: trip) }
        let containing = list.entries.filter { $0.key.contains(key) }
        throw .unknownItem(reference, candidates: containing.map(\.item.name), trip: trip)
    }

    /// Every reference resolved, or the first failure (so a command writes all or nothing). Repeats are
    /// resolved once.
    public static func resolveAll(
        _ references: [String], in list: TravellerList, trip: Int, byName: Bool = false
    ) throws(ListError) -> [TravellerList.Entry] {
        var found: [TravellerList.Entry] = []
        for reference in references {
            let entry = try resolve(reference, in: list, trip: trip, byName: byName)
            if !found.contains(where: { $0.key == entry.key }) { found.append(entry) }
        }
        return found
    }
}
