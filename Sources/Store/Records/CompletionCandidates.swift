import FoundationEssentials
import Model

/// Trip and session ids for shell completion, read without creating or migrating anything: a missing
/// database has none.
public enum CompletionCandidates {
    /// One id and what a shell may show beside it.
    public struct Candidate: Sendable, Equatable {
        public let id: Int
        public let description: String
    }

    /// The newest trips (at most 200), each with its destination.
    public static func trips(databasePath: String) async throws -> [Candidate] {
        try await candidates(
            databasePath: databasePath,
            sql: "SELECT id, destination || ' (' || start_date || ')' AS description FROM trips ORDER BY id DESC LIMIT 200"
        )
    }

    /// The newest sessions (at most 200), each with its trip and model.
    public static func sessions(databasePath: String) async throws -> [Candidate] {
        try await candidates(
            databasePath: databasePath,
            sql: """
                SELECT s.id, coalesce('trip ' || s.trip_id || ', ' || t.destination, 'no trip') || ', ' || s.purpose AS description
                FROM sessions s LEFT JOIN trips t ON t.id = s.trip_id ORDER BY s.id DESC LIMIT 200
                """
        )
    }

    private static func candidates(databasePath: String, sql: String) async throws -> [Candidate] {
        guard FileManager.default.fileExists(atPath: databasePath) else { return [] }
        let database = try ReadOnlyDatabase(path: databasePath)
        return try await database.rows(sql).map { row in
            Candidate(id: try row.int("id"), description: try row.string("description"))
        }
    }
}
