import FoundationEssentials
import Model

extension PackingCheck {
    /// The trip's stops a reason names ("In Aspen: …", "… Thu Dec 3 in Phuket", "2 for Hanoi, 4 for Hue"), as
    /// written (a whole word, its capital kept); empty for a trip to one place.
    func stopsNamed(in reason: String) -> Set<String> {
        guard context.legs.count > 1 else { return [] }
        return Set(context.legs.map(\.name).filter { Self.names(reason, $0) })
    }

    /// Whether `text` holds `name` as a whole word or words.
    static func names(_ text: String, _ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        var searchFrom = text.startIndex
        while let range = text[searchFrom...].firstRange(of: name) {
            let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
            let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
            if !(before?.isLetter ?? false), !(after?.isLetter ?? false) { return true }
            searchFrom = range.upperBound
        }
        return false
    }

    /// A family's lines (indices into `items`) in the groups that are each one line: on a trip of several stops,
    /// tops, bottoms, socks and boots for different stops stay apart (each names its stops), and lines naming
    /// the same stops, or none, are one; every other family, and a trip to one place, is one group.
    func lineGroups(_ members: [Int], family: GarmentFamily, in items: [PackingItem]) -> [[Int]] {
        guard family.isPerStop, context.legs.count > 1 else { return [members] }
        var groups: [(stops: Set<String>, members: [Int])] = []
        for index in members {
            let stops = stopsNamed(in: items[index].reason)
            if let group = groups.firstIndex(where: { $0.stops == stops }) {
                groups[group].members.append(index)
            } else {
                groups.append((stops, [index]))
            }
        }
        return groups.map(\.members)
    }
}
