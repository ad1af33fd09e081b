import Foundation
import Store

extension TravellerList {
    /// The entry a checklist line names: its label or name, alone or followed by " — " and a reason (the
    /// longest label that fits wins, so a name holding " — " still matches). Nil when none does.
    public func entry(matchingLine text: String) -> Entry? {
        let key = ItemKey.of(text)
        if let exact = entry(key: key) { return exact }
        var best: (entry: Entry, length: Int)?
        for entry in entries {
            for label in [entry.item.name, entry.item.label] {
                let labelKey = ItemKey.of(label)
                guard key == labelKey || key.hasPrefix(labelKey + " — ") else { continue }
                if labelKey.count > best?.length ?? -1 { best = (entry, labelKey.count) }
            }
        }
        return best?.entry
    }
}
