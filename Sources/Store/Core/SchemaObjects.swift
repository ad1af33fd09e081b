import FoundationEssentials
import Glibc
import Model

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

    /// A byte search with the C library's `memchr` and `memcmp` (Glibc's module does not offer `memmem`),
    /// each hit checked for the `;` after it. A loop over array indices cost about 1.3M instructions at every
    /// open of the debug build (three triggers against every migration).
    static func occurs(_ needle: [UInt8], in haystack: [UInt8], followedBySemicolon: Bool) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                guard let hayBase = hay.baseAddress, let pinBase = pin.baseAddress else { return false }
                var offset = 0
                while offset + pin.count <= hay.count {
                    guard let found = memchr(hayBase + offset, Int32(pin[0]), hay.count - offset - pin.count + 1) else {  // widening: a byte into memchr's int
                        return false
                    }
                    let start = hayBase.distance(to: UnsafeRawPointer(found))
                    offset = start + 1
                    guard memcmp(found, pinBase, pin.count) == 0 else { continue }
                    guard followedBySemicolon else { return true }
                    var after = start + pin.count
                    while after < hay.count, Self.isSpace(hay[after]) { after += 1 }
                    if after < hay.count && hay[after] == UInt8(ascii: ";") { return true }
                }
                return false
            }
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
