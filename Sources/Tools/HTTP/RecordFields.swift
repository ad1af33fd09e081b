import Foundation

/// A `CompactRecord` being read back: its bytes, split once into lines of tab-separated fields (as byte
/// ranges), with readers for each kind of field. Bytewise throughout: a record's delimiters are ASCII,
/// and Swift's `Character`-level splitting would cost several times the whole hit.
struct RecordFields {
    private let bytes: [UInt8]
    /// Per line, each field's byte range.
    let lines: [[Range<Int>]]

    init(_ record: String) {
        let bytes = Array(record.utf8)
        var lines: [[Range<Int>]] = []
        var fields: [Range<Int>] = []
        var start = 0
        for index in bytes.indices {
            switch bytes[index] {
            case UInt8(ascii: "\t"):
                fields.append(start..<index)
                start = index + 1
            case UInt8(ascii: "\n"):
                fields.append(start..<index)
                lines.append(fields)
                fields = []
                fields.reserveCapacity(16)
                start = index + 1
            default:
                continue
            }
        }
        fields.append(start..<bytes.count)
        lines.append(fields)
        self.bytes = bytes
        self.lines = lines
    }

    /// Whether a field is exactly `expected`.
    func isField(_ range: Range<Int>, _ expected: StaticString) -> Bool {
        expected.withUTF8Buffer { bytes[range].elementsEqual($0) }
    }

    /// A text field, unescaped (backslash, tab, newline, return); nil when malformed.
    func text(_ range: Range<Int>) -> String? {
        let slice = bytes[range]
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
    func optionalText(_ range: Range<Int>) -> String?? {
        if isField(range, "\\N") { return .some(nil) }
        guard let text = text(range) else { return nil }
        return .some(text)
    }

    /// A whole number (optionally negative, at most 18 digits); nil when malformed.
    func int(_ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        let isNegative = index < range.upperBound && bytes[index] == UInt8(ascii: "-")
        if isNegative { index += 1 }
        guard index < range.upperBound, range.upperBound - index <= 18 else { return nil }
        var value = 0
        while index < range.upperBound {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)  // widening: UInt8 to Int
            index += 1
        }
        return isNegative ? -value : value
    }

    /// An optional whole number: `.some(nil)` when empty, nil when malformed.
    func optionalInt(_ range: Range<Int>) -> Int?? {
        if range.isEmpty { return .some(nil) }
        guard let value = int(range) else { return nil }
        return .some(value)
    }

    /// A finite number; nil when malformed.
    func double(_ range: Range<Int>) -> Double? {
        guard !range.isEmpty, let value = Double(String(decoding: bytes[range], as: UTF8.self)), value.isFinite else {
            return nil
        }
        return value
    }

    /// An optional number: `.some(nil)` when empty, nil when malformed.
    func optionalDouble(_ range: Range<Int>) -> Double?? {
        if range.isEmpty { return .some(nil) }
        guard let value = double(range) else { return nil }
        return .some(value)
    }

    /// A `0`/`1` flag; nil when malformed.
    func flag(_ range: Range<Int>) -> Bool? {
        if isField(range, "1") { return true }
        if isField(range, "0") { return false }
        return nil
    }
}
