import FoundationEssentials
import Model
import Rendering

/// A trip's list as CSV (RFC 4180): a header, then one row per item — name, quantity, category, packed, own,
/// reason, packed_quantity (how many of its quantity are packed: "5" of 20 when a re-pack asked for more). Line breaks and other control characters become spaces. A field holding a comma, a semicolon, a
/// tab or a quote (or starting or ending with a space) is quoted, so a spreadsheet that splits on `;` (as much
/// of Europe's do) reads it as one cell too; a field a spreadsheet would run as a formula (its first visible
/// character =, +, -, @) is prefixed with an apostrophe.
public enum ChecklistCSV {
    /// The columns, in order.
    public static let columns = ["name", "quantity", "category", "packed", "own", "reason", "packed_quantity"]

    public static func render(_ list: TravellerList) -> String {
        var text = row(columns)
        for entry in list.entries {
            text += row([
                entry.item.name, entry.item.quantity.map(String.init) ?? "", entry.item.category,
                entry.packed ? "true" : "false", entry.isOwn ? "true" : "false", entry.item.reason,
                entry.packedQuantity.map(String.init) ?? "",
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
        if let first = value.unicodeScalars.first(where: { $0 != " " }), formulaStarts.contains(first) {
            value = "'" + value
        }
        let needsQuotes = value.unicodeScalars.contains { quoted.contains($0) } || value.hasPrefix(" ") || value.hasSuffix(" ")
        guard needsQuotes else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }

    /// What starts a formula in a spreadsheet's cell.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]

    /// What a field is quoted for: the separators a spreadsheet may split on, a quote, a line break.
    static let quoted: Set<Unicode.Scalar> = [",", ";", "\t", "\"", "\n", "\r"]
}
