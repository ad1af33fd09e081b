import Foundation

/// The triggers and views a plan database may hold: exactly those plan's own migrations create, as
/// SQLite keeps their text in `sqlite_master`. Any other (an attacker's trigger that deletes a trip, a
/// recursive view that never returns) makes the file foreign. The allowed texts are read from the
/// embedded migrations themselves, so a migration another change appends is allowed as soon as it lands.
enum SchemaObjects {
    /// Whether `sql` (a trigger's or view's text from `sqlite_master`) is one of the migrations' own
    /// statements, byte for byte, ending where a migration's statement ends (at its `;`).
    static func isPlans(_ sql: String) -> Bool {
        let needle = Array(sql.utf8)
        guard needle.count >= 12, Self.startsAsTriggerOrView(needle) else { return false }
        for migration in Migration.embedded {
            let haystack = Array(migration.sql.utf8)
            if Self.occurs(needle, in: haystack, followedBySemicolon: true) { return true }
        }
        return false
    }

    /// "CREATE TRIGGER" or "CREATE VIEW", any case, at the start.
    private static func startsAsTriggerOrView(_ bytes: [UInt8]) -> Bool {
        let lowered = bytes.prefix(16).map { $0 | 0x20 }
        return lowered.starts(with: Array("create trigger ".utf8)) || lowered.starts(with: Array("create view ".utf8))
            || lowered.starts(with: Array("create temp".utf8))
    }

    /// A plain byte search; the migrations are a few kilobytes, so this costs little at every open.
    static func occurs(_ needle: [UInt8], in haystack: [UInt8], followedBySemicolon: Bool) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        let first = needle[0]
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start] == first {
                var index = 1
                while index < needle.count, haystack[start + index] == needle[index] { index += 1 }
                if index == needle.count {
                    var after = start + needle.count
                    while after < haystack.count, [0x20, 0x09, 0x0A, 0x0D].contains(haystack[after]) { after += 1 }
                    if !followedBySemicolon || (after < haystack.count && haystack[after] == UInt8(ascii: ";")) {
                        return true
                    }
                }
            }
            start += 1
        }
        return false
    }
}
