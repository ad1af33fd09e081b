/// JSON arrays of text (`["a","b"]`) and arrays of them (`[["trigger","t","CREATE …"]]`), read by hand: the
/// columns plan stores them in are read on every `list` and `show`, where JSONDecoder's machinery costs
/// about 0.17M instructions a trip, and JSONSerialization needs Foundation's internationalised half (issue 47).
/// Anything else (numbers, objects, bad escapes, trailing text) is not such an array: nil.
enum JSONStrings {
    static func array(_ text: String) -> [String]? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let strings = reader.stringArray(), reader.atEnd else { return nil }
        return strings
    }

    static func table(_ text: String) -> [[String]]? {
        var reader = Reader(bytes: Array(text.utf8))
        guard reader.take(UInt8(ascii: "[")) else { return nil }
        var rows: [[String]] = []
        if reader.take(UInt8(ascii: "]")) { return reader.atEnd ? rows : nil }
        repeat {
            guard let row = reader.stringArray() else { return nil }
            rows.append(row)
        } while reader.take(UInt8(ascii: ","))
        guard reader.take(UInt8(ascii: "]")), reader.atEnd else { return nil }
        return rows
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool {
            mutating get { skipSpace(); return index == bytes.count }
        }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            skipSpace()
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func stringArray() -> [String]? {
            guard take(UInt8(ascii: "[")) else { return nil }
            var strings: [String] = []
            if take(UInt8(ascii: "]")) { return strings }
            repeat {
                guard let string = string() else { return nil }
                strings.append(string)
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]")) ? strings : nil
        }

        mutating func string() -> String? {
            guard take(UInt8(ascii: "\"")) else { return nil }
            var scalars = String.UnicodeScalarView()
            var run = index
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                    scalars.append(contentsOf: String(decoding: bytes[run..<index], as: UTF8.self).unicodeScalars)
                    index += 1
                    if byte == UInt8(ascii: "\"") { return String(scalars) }
                    guard let escaped = escape() else { return nil }
                    scalars.append(escaped)
                    run = index
                } else if byte < 0x20 {
                    return nil
                } else {
                    index += 1
                }
            }
            return nil
        }

        /// The scalar of the escape after a backslash; a surrogate pair's two escapes make one scalar.
        mutating func escape() -> Unicode.Scalar? {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(byte)
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let high = hex4() else { return nil }
                guard (0xD800..<0xDC00).contains(high) else { return Unicode.Scalar(high) }
                guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = hex4(), (0xDC00..<0xE000).contains(low) else {
                    return nil
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
            default: return nil
            }
        }

        mutating func hex4() -> UInt32? {
            guard index + 4 <= bytes.count else { return nil }
            let digits = String(decoding: bytes[index..<(index + 4)], as: UTF8.self)
            guard digits.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }),
                  let value = UInt32(digits, radix: 16) else { return nil }  // parses text
            index += 4
            return value
        }
    }
}
