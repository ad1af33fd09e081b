import FoundationEssentials
import JSON
import Model
import PlanKit

/// The list's ticks as the page's live updates read them: the list's id (a re-pack makes a new one), the
/// progress, and each item's key, whether it is packed and what is packed of it ("5 of 20 packed").
enum ChecklistState {
    static func json(_ list: TravellerList) -> JSONValue {
        let items = list.entries.map { entry -> JSONValue in
            ["key": .string(entry.key), "packed": .bool(entry.packed), "part": entry.partNote.map(JSONValue.string) ?? .null]
        }
        return OutgoingText.json([
            "list": .number(Double(list.base?.id ?? 0)), "packed": .number(Double(list.packedCount)),
            "total": .number(Double(list.entries.count)), "items": .array(items),
        ])
    }

    /// A strong validator of `text`: the same state gives the same tag (FNV-1a, 64 bits).
    static func etag(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)  // widening
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return "\"" + String(hash, radix: 16) + "\""
    }
}
