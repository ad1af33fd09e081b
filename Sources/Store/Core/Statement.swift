import FoundationEssentials
import CSQLite
import Model

/// A prepared statement. Parameters are always bound, never spliced into the SQL.
final class Statement {
    private let handle: OpaquePointer
    private let database: OpaquePointer
    let sql: String

    init(database: OpaquePointer, sql: String) throws {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(database, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else {
            throw StoreError.from(code: code, database: database, sql: sql)
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds the values to parameters 1...n, after clearing earlier bindings.
    func bind(_ values: [any SQLBindable]) throws {
        try check(sqlite3_reset(handle))
        try check(sqlite3_clear_bindings(handle))
        let expected = Int(sqlite3_bind_parameter_count(handle))  // widening: Int32 to Int
        guard expected == values.count else {
            throw StoreError.sqlite(
                code: SQLITE_RANGE,
                message: "statement has \(expected) parameters, \(values.count) given",
                sql: sql
            )
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(clamping: offset + 1)
            switch value.sqlValue {
            case .null:
                try check(sqlite3_bind_null(handle, index))
            case let .integer(number):
                try check(sqlite3_bind_int64(handle, index, number))
            case let .real(number):
                try check(sqlite3_bind_double(handle, index, number))
            case let .text(text):
                try check(sqlite3_bind_text(handle, index, text, -1, csqlite_transient()))
            case let .blob(data):
                guard let length = Int32(exactly: data.count) else {
                    throw StoreError.sqlite(code: SQLITE_TOOBIG, message: "a blob of \(data.count) bytes is too big", sql: sql)
                }
                try data.withUnsafeBytes { buffer in
                    try check(sqlite3_bind_blob(handle, index, buffer.baseAddress, length, csqlite_transient()))
                }
            }
        }
    }

    /// Runs the statement to completion and returns every row.
    func rows() throws -> [Row] {
        let count = Int(sqlite3_column_count(handle))  // widening: Int32 to Int
        let columns = Int32(clamping: count)
        let names = (0..<columns).map { String(cString: sqlite3_column_name(handle, $0)) }
        // The table behind each column (SQLITE_ENABLE_COLUMN_METADATA, on in Debian's build), so a damaged
        // value's error can name it; "" for expressions.
        let tables = (0..<columns).map { sqlite3_column_table_name(handle, $0).map { String(cString: $0) } ?? "" }
        var result: [Row] = []
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                let error: any Error = StoreError.isCancelledWait(code)
                    ? CancellationError() : StoreError.from(code: code, database: database, sql: sql)
                // Resetting after a failed step returns that same failure, already being reported.
                _ = sqlite3_reset(handle)
                throw error
            }
            var values: [SQLValue] = []
            values.reserveCapacity(count)
            for column in 0..<columns {
                values.append(value(at: column))
            }
            result.append(Row(columns: names, values: values, tables: tables))
        }
        try check(sqlite3_reset(handle))
        return result
    }

    private func value(at column: Int32) -> SQLValue {
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER:
            return .integer(sqlite3_column_int64(handle, column))
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, column))
        case SQLITE_TEXT:
            guard let text = sqlite3_column_text(handle, column) else { return .text("") }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let length = Int(sqlite3_column_bytes(handle, column))  // widening: Int32 to Int
            guard length > 0, let bytes = sqlite3_column_blob(handle, column) else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: length))
        default:
            return .null
        }
    }

    private func check(_ code: Int32) throws {
        guard code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE else {
            throw StoreError.from(code: code, database: database, sql: sql)
        }
    }
}
