import FoundationEssentials
import Basics
import JSON
import Model
import PlanKit

/// How packing lists look: grouped and aligned on the terminal, keys in JSON (the Markdown checklist is
/// `ChecklistMarkdown`).
public enum PackingPrinter {
    /// A stored list in JSON: the list, with its session, model and creation time.
    public static func json(_ stored: StoredPackingList) -> JSONValue {
        guard let list = try? PackingList.fromJSON(stored.json) else { return .null }
        var object = json(list).objectValue ?? [:]
        object["session"] = .from(stored.sessionID)
        object["model"] = .string(stored.model)
        object["created"] = .string(Timestamp.iso8601(stored.createdAt))
        return .object(object)
    }

    /// The list with the keys of the contract (the shape the planner asks models for), plus each item's
    /// `origin` (model, rules, merged), `review` (what plan's check did) and `fallback` (why a model's
    /// answer was set aside, or null).
    public static func json(_ list: PackingList) -> JSONValue {
        var object = PackingVocabulary.json(list).objectValue ?? [:]
        object["items"] = .array(list.items.map { item in
            var entry = PackingVocabulary.json(PackingList(items: [item]))["items"]?.arrayValue?.first?.objectValue ?? [:]
            entry["origin"] = .from(item.origin?.rawValue)
            return .object(entry)
        })
        if let review = list.review, let data = try? JSONEncoder().encode(review), let value = try? JSONValue.parse(data) {
            object["review"] = value
        } else {
            object["review"] = .null
        }
        object["fallback"] = .from(list.review?.fallback)
        return .object(object)
    }

    /// One line under a model's list: where its items came from (nil for the built-in engine's own list).
    public static func reviewLine(_ review: PackingReview, model: String) -> String? {
        guard model != "builtin" else { return nil }
        if review.fallback != nil { return "all items from plan's rules (the model's answer was set aside; see the first note)" }
        var parts = ["\(review.kept) from \(model)"]
        if !review.merged.isEmpty { parts.append("\(review.merged.count) merged (=)") }
        if !review.added.isEmpty { parts.append("\(review.added.count) added by plan's rules (+)") }
        if !review.dropped.isEmpty { parts.append("\(review.dropped.count) dropped") }
        if !review.demoted.isEmpty { parts.append("\(review.demoted.count) not weather-driven after all") }
        if !review.scaled.isEmpty { parts.append("\(review.scaled.count) counted for the party") }
        if !review.capped.isEmpty { parts.append("\(review.capped.count) cut to what the trip can use") }
        return parts.joined(separator: " · ") + " · 'plan history show' has the details"
    }

    /// The mark before an item's name in a model's list: + added by plan's rules, = merged.
    public static func mark(_ item: PackingItem, in list: PackingList) -> String {
        guard let review = list.review, review.model != "builtin", review.fallback == nil else { return "" }
        switch item.origin {
        case .rules: return "+ "
        case .merged: return "= "
        case .model, nil: return "  "
        }
    }

    /// The list grouped by category and aligned, weather reasons in the warning style, then its notes.
    public static func lines(_ stored: StoredPackingList, console: any TextStyling) -> [String] {
        guard let list = try? PackingList.fromJSON(stored.json) else {
            return ["  (the stored packing list could not be read)"]
        }
        let header = "Packing list (\(stored.model), \(Age.describe(Date().timeIntervalSince(stored.createdAt))))"
        return [console.bold(header)] + lines(list, console: console)
    }

    /// The list grouped by category and aligned, weather reasons in the warning style, then its notes.
    public static func lines(_ list: PackingList, console: any TextStyling) -> [String] {
        var lines: [String] = []
        let width = min(34, list.items.map { label($0).count }.max() ?? 0)
        for category in list.categories {
            lines.append(console.accent(category))
            for item in list.items where item.category == category {
                let name = label(item).padded(toLength: max(width, label(item).count))
                let reason = item.weather ? console.warning(item.reason) : console.dim(item.reason)
                let mark = mark(item, in: list)
                lines.append(mark.isEmpty ? "  \(name)  \(reason)" : "\(mark)\(name)  \(reason)")
            }
        }
        if !list.notices.isEmpty {
            lines.append("")
            for notice in list.notices { lines.append(console.warning("Note: ") + notice) }
        }
        return lines
    }

    /// "Wool socks ×3" (the quantity when more than one).
    public static func label(_ item: PackingItem) -> String {
        if let quantity = item.quantity, quantity > 1 { return "\(item.name) ×\(quantity)" }
        return item.name
    }
}
