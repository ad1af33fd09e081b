import Foundation
import Planner
import Store
import Tools

/// How packing lists look: grouped and aligned on the terminal, a checklist in Markdown, keys in JSON.
enum PackingPrinter {
    static func json(_ stored: StoredPackingList) -> JSONValue {
        guard let list = try? PackingList.fromJSON(stored.json) else { return .null }
        var object = json(list).objectValue ?? [:]
        object["session"] = .from(stored.sessionID)
        object["model"] = .string(stored.model)
        object["created"] = .string(ISO8601DateFormatter().string(from: stored.createdAt))
        return .object(object)
    }

    /// The list with the keys of the contract (the same shape the planner asks models for).
    static func json(_ list: PackingList) -> JSONValue {
        PackingInstructions.json(list)
    }

    static func lines(_ stored: StoredPackingList, console: Console) -> [String] {
        guard let list = try? PackingList.fromJSON(stored.json) else {
            return ["  (the stored packing list could not be read)"]
        }
        let header = "Packing list (\(stored.model), \(Age.describe(Date().timeIntervalSince(stored.createdAt))))"
        return [console.bold(header)] + lines(list, console: console)
    }

    static func lines(_ list: PackingList, console: Console) -> [String] {
        var lines: [String] = []
        let width = min(34, list.items.map { label($0).count }.max() ?? 0)
        for category in list.categories {
            lines.append(console.accent(category))
            for item in list.items where item.category == category {
                let name = label(item).padding(toLength: max(width, label(item).count), withPad: " ", startingAt: 0)
                let reason = item.weather ? console.warning(item.reason) : console.dim(item.reason)
                lines.append("  \(name)  \(reason)")
            }
        }
        if !list.notices.isEmpty {
            lines.append("")
            for notice in list.notices { lines.append(console.warning("Note: ") + notice) }
        }
        return lines
    }

    static func markdown(_ list: PackingList, title: String) -> String {
        var text = "# \(title)\n"
        for category in list.categories {
            text += "\n## \(category)\n\n"
            for item in list.items where item.category == category {
                text += "- [ ] \(label(item)) — \(item.reason)\n"
            }
        }
        if !list.notices.isEmpty {
            text += "\n## Notes\n\n" + list.notices.map { "- \($0)\n" }.joined()
        }
        return text
    }

    static func label(_ item: PackingItem) -> String {
        if let quantity = item.quantity, quantity > 1 { return "\(item.name) ×\(quantity)" }
        return item.name
    }
}
