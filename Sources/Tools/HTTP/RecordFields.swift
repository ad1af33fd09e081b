import FoundationEssentials

/// A `CompactRecord` being read back: its bytes, split once into lines of tab-separated fields (as byte
/// ranges), with readers for each kind of field. Bytewise throughout: a record's delimiters are ASCII,
/// and Swift's `Character`-level splitting would cost several times the whole hit.
struct RecordFields {
    private let bytes: [UInt8]
    /// Per line, each field's bytes.
    let lines: [[Field]]

    /// Where one field's bytes are. Its own type, not `Range<Int>`: an array of ranges makes the runtime look up
    /// `Int: Comparable` from its mangled name on first use, scanning every conformance record of the binary
    /// (0.24M instructions of a cached `show`, docs/benchmarks.md).
    struct Field {
        let lowerBound: Int
        let upperBound: Int

        var bounds: Range<Int> { lowerBound..<upperBound }
        var isEmpty: Bool { lowerBound == upperBound }
    }

    init(_ record: String) {
        let bytes = Array(record.utf8)
        var lines: [[Field]] = []
        var fields: [Field] = []
        var start = 0
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "\t"):
                fields.append(Field(lowerBound: start, upperBound: index))
                start = index + 1
            case UInt8(ascii: "\n"):
                fields.append(Field(lowerBound: start, upperBound: index))
                lines.append(fields)
                fields = []
                fields.reserveCapacity(16)
                start = index + 1
            default:
                continue
            }
        }
        fields.append(Field(lowerBound: start, upperBound: bytes.count))
        lines.append(fields)
        self.bytes = bytes
        self.lines = lines
    }

    /// Whether a field is exactly `expected`.
    func isField(_ field: Field, _ expected: StaticString) -> Bool {
        expected.withUTF8Buffer { bytes[field.bounds].elementsEqual($0) }
    }

    /// A text field, unescaped (backslash, tab, newline, return); nil when malformed.
    func text(_ field: Field) -> String? {
        let slice = bytes[field.bounds]
        guard slice.contains(UInt8(ascii: "\\")) else { return String(decoding: slice, as: UTF8.self) }
        var unescaped: [UInt8] = []
        unescaped.reserveCapacity(slice.count)
        var escaping = false
        for byte in slice {
            if escaping {
                switch byte {
                case UInt8(ascii: "\\"): unescaped.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "t"): unescaped.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): unescaped.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): unescaped.append(UInt8(ascii: "\r"))
                default: return nil
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                unescaped.append(byte)
            }
        }
        return escaping ? nil : String(decoding: unescaped, as: UTF8.self)
    }

    /// An optional text field: `.some(nil)` for `\N`, nil when malformed.
    func optionalText(_ field: Field) -> String?? {
        if isField(field, "\\N") { return .some(nil) }
        guard let text = text(field) else { return nil }
        return .some(text)
    }

    /// A whole number (optionally negative, at most 18 digits); nil when malformed.
    func int(_ field: Field) -> Int? {
        var index = field.lowerBound
        let isNegative = index < field.upperBound && bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < field.upperBound, field.upperBound - index <= 18 else { return nil }
        var value = 0
        while index < field.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)  // widening: UInt8 to Int
            index += 1
        }
        return isNegative ? -value : value
    }

    /// An optional whole number: `.some(nil)` when empty, nil when malformed.
    func optionalInt(_ field: Field) -> Int?? {
        if field.isEmpty { return .some(nil) }
        guard let value = int(field) else { return nil }
        return .some(value)
    }

    /// A finite number; nil when malformed.
    func double(_ field: Field) -> Double? {
        guard !field.isEmpty, let value = Double(String(decoding: bytes[field.bounds], as: UTF8.self)), value.isFinite else {
            return nil
        }
        return value
    }

    /// An optional number: `.some(nil)` when empty, nil when malformed.
    func optionalDouble(_ field: Field) -> Double?? {
        if field.isEmpty { return .some(nil) }
        guard let value = double(field) else { return nil }
        return .some(value)
    }

    /// A `0`/`1` flag; nil when malformed.
    func flag(_ field: Field) -> Bool? {
        if isField(field, "1") { return true }
        if isField(field, "0") { return false }
        return nil
    }
}
