import FoundationEssentials
import Basics
import JSON
import Model
import Rendering
import Store
import Tools

/// What `plan doctor` reads of a database too damaged to open: the damage in words, the schema version against
/// the migrations the file records and the newest this plan knows, and plan's tables that are missing.
struct DamageFacts {
    let path: String
    /// The error's message ("the database … is damaged: …").
    let problem: String
    /// How to recover.
    let hint: String?
    /// `PRAGMA user_version`, when it could be read.
    var version: Int?
    /// The migrations `schema_migrations` records.
    var applied: [Int] = []
    /// plan's tables the file lacks.
    var missing: [String] = []

    /// The newest migration this plan knows.
    var known: Int { Migration.latestVersion }

    var lines: [String] {
        var lines = ["Database     \(TerminalText.oneLine(path, limit: 300))", "  DAMAGED: \(problem)"]
        if let version {
            let recorded = applied.last.map { ", migrations recorded up to \($0)" } ?? ", no migrations recorded"
            lines.append("  schema version \(version)\(recorded); this plan knows up to \(known)")
        }
        if !missing.isEmpty { lines.append("  missing tables: \(missing.joined(separator: ", "))") }
        if let hint { lines.append("  Repair: \(hint)") }
        return lines
    }

    var json: JSONValue {
        [
            "database": .string(path), "damaged": .bool(true), "problem": .string(problem), "repair": .from(hint),
            "schemaVersion": version.map { .number(Double($0)) } ?? .null, "knownVersion": .number(Double(known)),
            "appliedMigrations": .array(applied.map { .number(Double($0)) }), "missingTables": .array(missing.map(JSONValue.string)),
        ]
    }
}
