import FoundationEssentials
import Model

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
        let connection = try Connection(path: path, readOnly: true)
        // A view is run by whatever reads its name (a recursive one never returns): only views plan's own
        // migrations create are allowed. Triggers do not fire on reads.
        let views = try connection.first(
            "SELECT json_group_array(json_array(type, name, coalesce(sql, ''))) AS objects FROM sqlite_master WHERE type = 'view'"
        )
        try Store.checkSchemaObjects(try views?.optionalString("objects"), path: path)
        self.connection = connection
    }

    /// Runs a query with bound parameters.
    public func rows(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        try connection.query(sql, values)
    }
}
