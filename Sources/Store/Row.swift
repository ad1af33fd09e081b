import Foundation

/// One result row, copied out of SQLite so it can travel between tasks.
public struct Row: Sendable {
    /// Column names, in select order.
    public let columns: [String]
    /// Values, in select order.
    public let values: [SQLValue]

    /// The value of the named column, or `.null` when there is no such column.
    public subscript(_ name: String) -> SQLValue {
        guard let index = columns.firstIndex(of: name) else { return .null }
        return values[index]
    }

    /// The named column as an integer.
    public func int(_ name: String) throws -> Int {
        switch self[name] {
        case let .integer(value): return Int(value)
        case let .real(value): return Int(value)
        default: throw StoreError.corruptValue(column: name, detail: "expected an integer")
        }
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
        default: throw StoreError.corruptValue(column: name, detail: "expected a number")
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
        case .null: throw StoreError.corruptValue(column: name, detail: "expected text, found NULL")
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
        default: throw StoreError.corruptValue(column: name, detail: "expected a blob")
        }
    }
}
