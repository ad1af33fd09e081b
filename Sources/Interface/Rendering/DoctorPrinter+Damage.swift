import FoundationEssentials
import Basics
import JSON
import PlanKit
import Rendering

/// What `plan doctor` prints of a database too damaged to open (PlanKit's `DatabaseDamage`): the damage in
/// words, the schema version against the migrations the file records and the newest this plan knows, and
/// plan's tables that are missing.
extension DoctorPrinter {
    public static func damageLines(_ damage: DatabaseDamage) -> [String] {
        let report = ErrorReport(damage.error)
        var lines = ["Database     \(TerminalText.oneLine(damage.path, limit: 300))", "  DAMAGED: \(report.message)"]
        if let version = damage.version {
            let recorded = damage.applied.last.map { ", migrations recorded up to \($0)" } ?? ", no migrations recorded"
            lines.append("  schema version \(version)\(recorded); this plan knows up to \(DatabaseDamage.knownVersion)")
        }
        if !damage.missing.isEmpty { lines.append("  missing tables: \(damage.missing.joined(separator: ", "))") }
        if let hint = report.hint { lines.append("  Repair: \(hint)") }
        return lines
    }

    public static func damageJSON(_ damage: DatabaseDamage) -> JSONValue {
        let report = ErrorReport(damage.error)
        return [
            "database": .string(damage.path), "damaged": .bool(true), "problem": .string(report.message), "repair": .from(report.hint),
            "schemaVersion": damage.version.map { .number(Double($0)) } ?? .null,
            "knownVersion": .number(Double(DatabaseDamage.knownVersion)),
            "appliedMigrations": .array(damage.applied.map { .number(Double($0)) }),
            "missingTables": .array(damage.missing.map(JSONValue.string)),
        ]
    }
}
