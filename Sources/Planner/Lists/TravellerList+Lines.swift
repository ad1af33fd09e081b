import FoundationEssentials
import Model
import Store

extension TravellerList {
    /// The entry a checklist line names: its label or name, alone or followed by " — " and a reason (the
    /// longest label that fits wins, so a name holding " — " still matches). Nil when none does.
    public func entry(matchingLine text: String) -> Entry? {
        LineMatcher(self).entry(matchingLine: text)
    }

    /// Matches checklist lines against a list with every item's keys computed once, so a checklist is read
    /// in time linear in its size whatever the list's length.
    public struct LineMatcher: Sendable {
        /// Each entry's key, the first entry holding it.
        private var byKey: [String: Entry] = [:]
        /// Each entry's name and label keys, the first entry holding it.
        private var byLabel: [String: Entry] = [:]

        public init(_ list: TravellerList) {
            for entry in list.entries {
                if byKey[entry.key] == nil { byKey[entry.key] = entry }
                for label in [entry.item.name, entry.item.label] {
                    let key = ItemKey.of(label)
                    if byLabel[key] == nil { byLabel[key] = entry }
                }
            }
        }

        /// As `TravellerList.entry(matchingLine:)`.
        public func entry(matchingLine text: String) -> Entry? {
            let key = ItemKey.of(text)
            if let exact = byKey[key] { return exact }
            if let whole = byLabel[key] { return whole }
            // The longest start of the line, ending before a " — ", that is a label.
            for range in key.ranges(of: " — ").reversed() {
                if let entry = byLabel[String(key[..<range.lowerBound])] { return entry }
            }
            return nil
        }
    }
}
