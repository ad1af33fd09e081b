import Foundation

/// A SQLite file opened read-only, such as the gazetteer. The actor owns the connection.
public actor ReadOnlyDatabase {
    public nonisolated let path: String
    private let connection: Connection

    /// Opens `path` read-only; fails when it is missing or not SQLite.
    public init(path: String) throws {
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw StoreError.cannotOpen(path: path, reason: "no such file")
        }
        self.path = path
        self.connection = try Connection(path: path, readOnly: true)
    }

    /// Runs a query with bound parameters.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        try connection.query(sql, values)
    }
}
