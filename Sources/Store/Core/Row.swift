import FoundationEssentials
import Model

/// One result row, copied out of SQLite so it can travel between tasks.
public struct Row: Sendable {
    /// Column names, in select order.
    public let columns: [String]
    /// Values, in select order.
    public let values: [SQLValue]
    /// The table each column comes from ("" for an expression), when SQLite knows it: errors name it.
    public let tables: [String]

    public init(columns: [String], values: [SQLValue], tables: [String] = []) {
        self.columns = columns
        self.values = values
        self.tables = tables
    }

    /// The value of the named column, or `.null` when there is no such column.
    public subscript(_ name: String) -> SQLValue {
        // A plain loop over the names: `firstIndex(of:)` is generic, and a debug build (where the start-up
        // budget is counted) runs it unspecialised at several times the cost, once per field of every row read.
        var index = 0
        while index < columns.count {
            if columns[index] == name { return index < values.count ? values[index] : .null }
            index += 1
        }
        return .null
    }

    /// The named column as an integer.
    public func int(_ name: String) throws -> Int {
        switch self[name] {
        case let .integer(value):
            guard let whole = Int(checked: value) else { throw damaged(name, "an integer out of range") }
            return whole
        case let .real(value):
            // A REAL where an integer belongs (a table rebuilt without STRICT): whole and in range, or damaged.
            guard value.rounded(.towardZero) == value, let whole = Int(checked: value) else {
                throw damaged(name, "expected an integer, found \(value)")
            }
            return whole
        default: throw damaged(name, "expected an integer")
        }
    }

    /// The largest count plan believes in a stored row (tokens, hits, requests): a trillion. A crafted row
    /// past it (2^62 tokens) would trap a sum; within it, millions of rows still sum inside `Int`.
    public static let believableCounts = 0...1_000_000_000_000

    /// The named column as a count: an integer within `believableCounts`, or a damaged row naming itself.
    public func count(_ name: String) throws -> Int {
        let value = try int(name)
        guard Row.believableCounts.contains(value) else { throw damaged(name, "\(value) is not a believable count") }
        return value
    }

    /// The named column as an integer, or nil when NULL.
    public func optionalInt(_ name: String) throws -> Int? {
        if case .null = self[name] { return nil }
        return try int(name)
    }

    /// The named column as a double.
    public func double(_ name: String) throws -> Double {
        switch self[name] {
        case let .integer(value): return Double(value)
        case let .real(value): return value
        default: throw damaged(name, "expected a number")
        }
    }

    /// The named column as a double, or nil when NULL.
    public func optionalDouble(_ name: String) throws -> Double? {
        if case .null = self[name] { return nil }
        return try double(name)
    }

    /// The named column as text.
    public func string(_ name: String) throws -> String {
        switch self[name] {
        case let .text(value): return value
        case let .integer(value): return String(value)
        case let .real(value): return String(value)
        case let .blob(data): return String(decoding: data, as: UTF8.self)
        case .null: throw damaged(name, "expected text, found NULL")
        }
    }

    /// The named column as text, or nil when NULL.
    public func optionalString(_ name: String) throws -> String? {
        if case .null = self[name] { return nil }
        return try string(name)
    }

    /// The named column as bytes.
    public func data(_ name: String) throws -> Data {
        switch self[name] {
        case let .blob(data): return data
        case let .text(value): return Data(utf8: value)
        case .null: return Data()
        default: throw damaged(name, "expected a blob")
        }
    }

    /// The named column as a finite number within `range`; anything else is a damaged row.
    public func double(_ name: String, in range: ClosedRange<Double>) throws -> Double {
        let value = try double(name)
        guard value.isFinite, value >= range.lowerBound, value <= range.upperBound else { throw damaged(name, "\(value) is out of range") }
        return value
    }

    /// The named column as text of at most `limit` characters: a longer stored value is cut on reading.
    public func string(_ name: String, limit: Int) throws -> String {
        let text = try string(name)
        return text.utf8.count <= limit ? text : String(text.prefix(limit))
    }

    /// The column's table and the row's id, for an error message: "trips.start_date (row 3)".
    public func location(of name: String) -> String {
        var table = ""
        if let index = columns.firstIndex(of: name), index < tables.count { table = tables[index] }
        let qualified = table.isEmpty || name.contains(".") ? name : "\(table).\(name)"
        // The row's id: a joined table's own (`place_id` for a `places` column), else `id` when it is that table's.
        let ownKey = table.hasSuffix("s") ? String(table.dropLast()) + "_id" : ""
        if !ownKey.isEmpty, case let .integer(id) = self[ownKey] { return "\(qualified) (row \(id))" }
        if let index = columns.firstIndex(of: "id"), index < tables.count, tables[index] == table || table.isEmpty,
           case let .integer(id) = values[index] {
            return "\(qualified) (row \(id))"
        }
        return qualified
    }

    /// A damaged-value error naming the table, the column and the row.
    public func damaged(_ name: String, _ detail: String) -> StoreError {
        StoreError.corruptValue(column: location(of: name), detail: detail)
    }
}
