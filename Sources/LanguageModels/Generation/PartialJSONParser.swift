import FoundationEssentials

/// Reads JSON that may stop anywhere: every prefix of a valid document gives the content generated so far,
/// and a longer prefix never takes anything back (numbers and `true`/`false`/`null` appear only once they
/// are complete, a key only once its value has begun, a string never ends inside an escape or a UTF-8
/// sequence). Invalid input stops the reading where it goes wrong; nothing here traps.
public enum PartialJSONParser {
    /// How deep arrays and objects may nest before the rest is ignored (a hostile answer cannot exhaust the stack).
    public static let maximumDepth = 64

    /// The content of `text` so far, or nil when not even the start of a value is there.
    public static func parse(_ text: String) -> GeneratedContent? {
        parse(bytes: Array(text.utf8))
    }

    /// The content of `bytes` so far (they may stop inside a UTF-8 sequence).
    public static func parse(bytes: [UInt8]) -> GeneratedContent? {
        var reader = Reader(bytes: bytes)
        return reader.value(depth: 0)
    }

    /// The one complete value `text` holds, or nil when it holds anything else: a value cut short, invalid
    /// JSON, or more than whitespace after the value. A fast, non-generic reader for stored documents.
    public static func parseComplete(_ text: String) -> GeneratedContent? {
        var reader = Reader(bytes: Array(text.utf8))
        guard let value = reader.value(depth: 0), value.isComplete, !reader.failed else { return nil }
        reader.skipSpace()
        return reader.atEnd ? value : nil
    }

    struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// Set when the input is not JSON: reading stops.
        var failed = false

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var atEnd: Bool { index >= bytes.count }

        mutating func skipSpace() {
            while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }

        mutating func value(depth: Int) -> GeneratedContent? {
            skipSpace()
            guard !atEnd, !failed else { return nil }
            guard depth < PartialJSONParser.maximumDepth else {
                failed = true
                return nil
            }
            switch bytes[index] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return number()
            default:
                failed = true
                return nil
            }
        }

        mutating func literal(_ word: String, _ content: GeneratedContent) -> GeneratedContent? {
            let expected = Array(word.utf8)
            let available = min(expected.count, bytes.count - index)
            guard Array(bytes[index..<index + available]) == Array(expected[0..<available]) else {
                failed = true
                return nil
            }
            guard available == expected.count else {
                index = bytes.count
                return nil
            }
            index += expected.count
            return content
        }

        mutating func number() -> GeneratedContent? {
            let start = index
            while index < bytes.count, Self.isNumberByte(bytes[index]) { index += 1 }
            // A number at the very end may still grow ("1" → "12"): not reported yet.
            guard !atEnd else { return nil }
            guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
                failed = true
                return nil
            }
            return .number(value)
        }

        static func isNumberByte(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        }

        mutating func string() -> GeneratedContent {
            index += 1
            // Most strings hold no escape: taken whole, without building them scalar by scalar.
            var end = index
            while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
                let text = String(decoding: bytes[index..<end], as: UTF8.self)
                index = end + 1
                return .string(text, isComplete: true)
            }
            var scalars = String.UnicodeScalarView()
            var raw: [UInt8] = []
            func flush() {
                if !raw.isEmpty {
                    scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                    raw.removeAll()
                }
            }
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    index += 1
                    flush()
                    return .string(String(scalars), isComplete: true)
                }
                if byte == UInt8(ascii: "\\") {
                    guard index + 1 < bytes.count else { break }
                    switch escape() {
                    case let .scalar(scalar, width):
                        flush()
                        scalars.append(scalar)
                        index += width
                        continue
                    case .cutShort:
                        return incomplete(&scalars, raw: raw)
                    case .invalid:
                        failed = true
                        return incomplete(&scalars, raw: raw)
                    }
                }
                raw.append(byte)
                index += 1
            }
            index = bytes.count
            return incomplete(&scalars, raw: raw)
        }

        /// What an escape at `index` stands for.
        enum Escape {
            /// The character, and how many bytes the escape takes.
            case scalar(Unicode.Scalar, width: Int)
            /// The input ends inside it: wait for more.
            case cutShort
            /// Not an escape JSON has.
            case invalid
        }

        /// Reads the escape starting at `index` (a backslash, with at least one byte after it).
        func escape() -> Escape {
            switch bytes[index + 1] {
            case UInt8(ascii: "\""): return .scalar("\"", width: 2)
            case UInt8(ascii: "\\"): return .scalar("\\", width: 2)
            case UInt8(ascii: "/"): return .scalar("/", width: 2)
            case UInt8(ascii: "b"): return .scalar("\u{08}", width: 2)
            case UInt8(ascii: "f"): return .scalar("\u{0C}", width: 2)
            case UInt8(ascii: "n"): return .scalar("\n", width: 2)
            case UInt8(ascii: "r"): return .scalar("\r", width: 2)
            case UInt8(ascii: "t"): return .scalar("\t", width: 2)
            case UInt8(ascii: "u"): return unicodeEscape()
            default: return .invalid
            }
        }

        /// A `\uXXXX` escape, joined with the low half that must follow a high surrogate; a lone or broken
        /// surrogate reads as U+FFFD.
        func unicodeEscape() -> Escape {
            guard let unit = hex(at: index + 2) else { return index + 6 > bytes.count ? .cutShort : .invalid }
            guard (0xD800...0xDBFF).contains(unit) else { return .scalar(Unicode.Scalar(unit) ?? "\u{FFFD}", width: 6) }
            // A high surrogate needs its low half before anything is reported.
            guard index + 12 <= bytes.count else { return .cutShort }
            if bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u"),
               let low = hex(at: index + 8), (0xDC00...0xDFFF).contains(low) {
                return .scalar(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}", width: 12)
            }
            return .scalar("\u{FFFD}", width: 6)
        }

        /// The string so far, without a UTF-8 sequence the input cuts short.
        private func incomplete(_ scalars: inout String.UnicodeScalarView, raw: [UInt8]) -> GeneratedContent {
            var raw = raw
            var back = 0
            while back < min(3, raw.count) {
                let byte = raw[raw.count - 1 - back]
                if byte & 0xC0 == 0x80 {
                    back += 1
                    continue
                }
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                if length > back + 1 { raw.removeLast(back + 1) }
                break
            }
            if !raw.isEmpty { scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars) }
            return .string(String(scalars), isComplete: false)
        }

        private func hex(at position: Int) -> UInt32? {
            guard position + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16)  // parses text
        }

        mutating func array(depth: Int) -> GeneratedContent {
            index += 1
            var elements: [GeneratedContent] = []
            while true {
                skipSpace()
                guard !atEnd, !failed else { return .array(elements, isComplete: false) }
                if bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    return .array(elements, isComplete: true)
                }
                if bytes[index] == UInt8(ascii: ","), !elements.isEmpty {
                    index += 1
                    continue
                }
                guard let element = value(depth: depth + 1) else { return .array(elements, isComplete: false) }
                elements.append(element)
                if !element.isComplete { return .array(elements, isComplete: false) }
            }
        }

        mutating func object(depth: Int) -> GeneratedContent {
            index += 1
            var members: [GeneratedContent.Member] = []
            while true {
                skipSpace()
                guard !atEnd, !failed else { return .object(members, isComplete: false) }
                switch bytes[index] {
                case UInt8(ascii: "}"):
                    index += 1
                    return .object(members, isComplete: true)
                case UInt8(ascii: ","):
                    index += 1
                    continue
                case UInt8(ascii: "\""):
                    guard case let .string(key, true) = string() else { return .object(members, isComplete: false) }
                    skipSpace()
                    guard !atEnd else { return .object(members, isComplete: false) }
                    guard bytes[index] == UInt8(ascii: ":") else {
                        failed = true
                        return .object(members, isComplete: false)
                    }
                    index += 1
                    guard let member = value(depth: depth + 1) else { return .object(members, isComplete: false) }
                    members.append(GeneratedContent.Member(key: key, value: member))
                    if !member.isComplete { return .object(members, isComplete: false) }
                default:
                    failed = true
                    return .object(members, isComplete: false)
                }
            }
        }
    }
}
