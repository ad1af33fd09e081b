import Foundation
import Planner

/// A trip's list as CSV (RFC 4180): a header, then one row per item — name, quantity, category, packed, own,
/// reason. Fields with a comma or a quote are quoted (line breaks and other control characters become spaces); a field a spreadsheet would run as a
/// formula (starting with =, +, -, @) is prefixed with an apostrophe.
public enum ChecklistCSV {
    /// The columns, in order.
    public static let columns = ["name", "quantity", "category", "packed", "own", "reason"]

    public static func render(_ list: TravellerList) -> String {
        var text = row(columns)
        for entry in list.entries {
            text += row([
                entry.item.name, entry.item.quantity.map(String.init) ?? "", entry.item.category,
                entry.packed ? "true" : "false", entry.isOwn ? "true" : "false", entry.item.reason,
            ])
        }
        return text
    }

    static func row(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// One field, made safe and quoted when it must be.
    public static func field(_ text: String) -> String {
        // Control and format characters (escapes, bidi overrides) become spaces: the document goes to a
        // terminal or a spreadsheet as it is.
        var value = ""
        for scalar in text.unicodeScalars {
            let category = scalar.properties.generalCategory
            value.unicodeScalars.append(category == .control || category == .format ? " " : scalar)
        }
        if let first = value.unicodeScalars.first, ["=", "+", "-", "@", "\t", "\r"].contains(first) {
            value = "'" + value
        }
        let needsQuotes = value.contains { $0 == "," || $0 == "\"" } || value.hasPrefix(" ") || value.hasSuffix(" ")
        guard needsQuotes else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
