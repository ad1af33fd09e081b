/// Builds TZif bytes (RFC 8536) for tests, with hooks to corrupt any part.
struct TZifBuilder {
    struct TypeRecord {
        var utoff: Int32
        var isDST: UInt8
        var index: UInt8
    }

    var version: UInt8 = UInt8(ascii: "2")
    var transitions: [Int64] = []
    var transitionTypes: [UInt8] = []
    var types: [TypeRecord] = [TypeRecord(utoff: 0, isDST: 0, index: 0)]
    var chars: [UInt8] = Array("UTC\0".utf8)
    /// Footer text between the newlines; nil writes no footer at all.
    var footer: String? = "UTC0"
    /// Replaces the 64-bit header's counts (isut, isstd, leap, time, type, char).
    var v2Counts: [UInt32]?
    /// Replaces the v1 header's counts.
    var v1Counts: [UInt32]?
    var magic: [UInt8] = Array("TZif".utf8)

    func bytes() -> [UInt8] {
        var out = header(counts: v1Counts ?? counts)
        out += block(timeSize: 4)
        guard version != 0 else { return out }
        out += header(counts: v2Counts ?? counts)
        out += block(timeSize: 8)
        if let footer { out += [0x0A] + Array(footer.utf8) + [0x0A] }
        return out
    }

    private var counts: [UInt32] {
        [0, 0, 0, UInt32(transitions.count), UInt32(types.count), UInt32(chars.count)]
    }

    private func header(counts: [UInt32]) -> [UInt8] {
        magic + [version] + [UInt8](repeating: 0, count: 15) + counts.flatMap { Self.bigEndian(UInt64($0), 4) }
    }

    private func block(timeSize: Int) -> [UInt8] {
        var out: [UInt8] = []
        for time in transitions { out += Self.bigEndian(UInt64(bitPattern: time), timeSize) }
        out += transitionTypes
        for type in types {
            out += Self.bigEndian(UInt64(UInt32(bitPattern: type.utoff)), 4) + [type.isDST, type.index]
        }
        return out + chars
    }

    static func bigEndian(_ value: UInt64, _ size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }

    /// A Denver-like zone: LMT then MST/MDT transitions in 1970s, with a US footer.
    static var denverLike: TZifBuilder {
        var builder = TZifBuilder()
        builder.types = [
            TypeRecord(utoff: -25_196, isDST: 0, index: 0),
            TypeRecord(utoff: -21_600, isDST: 1, index: 4),
            TypeRecord(utoff: -25_200, isDST: 0, index: 8),
        ]
        builder.chars = Array("LMT\0MDT\0MST\0".utf8)
        builder.transitions = [-2_717_643_600, 9_972_000, 25_693_200]  // 1883, 1970-04-26, 1970-10-25
        builder.transitionTypes = [2, 1, 2]
        builder.footer = "MST7MDT,M3.2.0,M11.1.0"
        return builder
    }
}
