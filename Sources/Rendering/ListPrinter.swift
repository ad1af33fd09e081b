import FoundationEssentials
import JSON
import LanguageModels
import Model

/// How the list a traveller packs from looks: numbered with [x]/[ ] and "12 of 30 packed" on the terminal,
/// `number`, `packed`, `own` in JSON, and the change report of a re-pack.
public enum ListPrinter {
    // MARK: - Terminal

    /// The list under its header line ("Packing list (builtin, 3 min ago)"), then notes.
    public static func lines(_ list: TravellerList, tripID: Int, console: any TextStyling) -> [String] {
        var lines: [String] = []
        if let base = list.base {
            let header = "Packing list (\(base.model), \(Age.describe(Date().timeIntervalSince(base.createdAt))))"
            lines.append(console.bold(header) + " · " + list.progress)
            if let reason = base.outOfDate {
                lines.append(console.warning("This list is out of date: \(reason).") + " Run 'plan pack \(tripID)' for a new one.")
            }
        } else {
            lines.append(console.bold("Your items") + " · " + list.progress + console.dim(" · no packing list yet ('plan pack \(tripID)')"))
        }
        lines += items(list, console: console)
        return lines
    }

    /// The numbered items by category, then the notices.
    public static func items(_ list: TravellerList, console: any TextStyling) -> [String] {
        var lines: [String] = []
        let numberWidth = String(list.entries.count).count
        let width = min(34, list.entries.map { $0.item.label.count }.max() ?? 0)
        let engineList = list.packingList
        for category in list.categories {
            lines.append(console.accent(category))
            for entry in list.entries where entry.item.category == category {
                let number = String(entry.number)
                let padded = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
                let label = entry.item.label
                // Padded by hand: Foundation's `padding(toLength:)` goes through NSString (1.34M instructions for
                // a two-stop trip's 24 items, 7% of a cached show) and counts UTF-16 units, not characters.
                let name = label + String(repeating: " ", count: max(0, width - label.count))
                let reason: String
                switch entry.source {
                case .kept: reason = console.warning(entry.item.reason)
                case .own, .always: reason = console.dim(entry.item.reason)
                case .engine: reason = entry.item.weather ? console.warning(entry.item.reason) : console.dim(entry.item.reason)
                }
                let mark = entry.source == .engine ? PackingPrinter.mark(entry.item, in: engineList) : ""
                let part = entry.partNote.map { console.warning($0) + " · " } ?? ""
                let line = "  \(padded) [\(box(entry))] \(mark)"
                if label.count > width {
                    // A name longer than the column: the reason goes under it, in the column, so the others stay aligned.
                    lines.append(line + label)
                    guard !(part + reason).isEmpty else { continue }
                    let indent = String(repeating: " ", count: line.count + width + 2)
                    lines.append(indent + part + reason)
                } else {
                    lines.append(line + name + "  " + part + reason)
                }
            }
        }
        var notes = list.notices
        if !list.leftOff.isEmpty {
            notes.append("left off as you asked ('plan prefs'): \(list.leftOff.joined(separator: ", ")).")
        }
        if !notes.isEmpty {
            lines.append("")
            for notice in notes { lines.append(console.warning("Note: ") + notice) }
        }
        return lines
    }

    // MARK: - Change report

    /// The change report's lines (`ChangeReportText`), the day in the local zone.
    public static func reportLines(_ report: ListChangeReport) -> [String] {
        ChangeReportText.lines(report, day: CalendarDate(report.since))
    }

    /// The change report in JSON.
    public static func reportJSON(_ report: ListChangeReport) -> JSONValue {
        let item: (PackingItem) -> [String: JSONValue] = { item in
            ["name": .string(item.name), "category": .string(item.category), "quantity": .from(item.quantity)]
        }
        return [
            "since": .string(Timestamp.iso8601(report.since)),
            "added": .array(report.added.map { added in
                var object = item(added.item)
                object["reason"] = .string(added.item.reason)
                object["weather"] = .bool(added.item.weather)
                return .object(object)
            }),
            "removed": .array(report.removed.map { removed in
                var object = item(removed.item)
                object["kept"] = .bool(removed.isKept)
                return .object(object)
            }),
            "replaced": .array(report.replaced.map { replaced in
                ["old": .object(item(replaced.old)), "new": .object(item(replaced.new)), "wasPacked": .bool(replaced.wasPacked)]
            }),
            "changed": .array(report.changed.map { changed in
                var object = item(changed.item)
                object["from"] = .from(changed.from)
                object["to"] = .from(changed.to)
                object["reason"] = .string(changed.item.reason)
                return .object(object)
            }),
        ]
    }

    /// The tick box: `x` packed, `~` partly packed ("5 of 20"), blank otherwise.
    static func box(_ entry: TravellerList.Entry) -> String {
        entry.packed ? "x" : entry.isPartlyPacked ? "~" : " "
    }

    // MARK: - JSON

    /// The `packingList` of `show --json`: the stored list's keys, with the traveller's items (each with
    /// `number`, `packed`, `own` and `source`), `packed`, `total`, `leftOff`, `outOfDate` and `outOfDateReason`.
    public static func json(_ list: TravellerList) -> JSONValue {
        var object = list.base.map { PackingPrinter.json($0).objectValue ?? [:] } ?? [
            "session": .null, "model": .null, "created": .null, "notices": .array([]), "review": .null, "fallback": .null,
        ]
        object["items"] = .array(itemsJSON(list))
        object["packed"] = .number(Double(list.packedCount))
        object["total"] = .number(Double(list.entries.count))
        object["leftOff"] = .array(list.leftOff.map(JSONValue.string))
        object["outOfDate"] = .bool(list.base?.outOfDate != nil)
        object["outOfDateReason"] = .from(list.base?.outOfDate)
        return .object(object)
    }

    /// Each item with the contract's keys and the traveller's.
    public static func itemsJSON(_ list: TravellerList) -> [JSONValue] {
        let items = PackingPrinter.json(PackingList(items: list.entries.map(\.item)))["items"]?.arrayValue ?? []
        return zip(list.entries, items).map { entry, value in
            var object = value.objectValue ?? [:]
            object["number"] = .number(Double(entry.number))
            object["packed"] = .bool(entry.packed)
            if let packedQuantity = entry.packedQuantity { object["packedQuantity"] = .number(Double(packedQuantity)) }
            object["own"] = .bool(entry.isOwn)
            object["source"] = .string(entry.source.rawValue)
            return .object(object)
        }
    }

    /// One item for `item add --json` and `item rm --json`.
    public static func entryJSON(_ entry: TravellerList.Entry, trip: Int) -> JSONValue {
        let list = TravellerList(base: nil, entries: [entry])
        var object = itemsJSON(list).first?.objectValue ?? [:]
        object["number"] = .number(Double(entry.number))
        object["trip"] = .number(Double(trip))
        return .object(object)
    }
}
