import FoundationEssentials

/// A value the HTTP cache keeps beside the body it was decoded from (`HTTPClient.getDecoded`), as a
/// compact text record: lines of tab-separated fields, the first line naming the kind and its version.
/// Reading one back is a split and a few number conversions, about 2 µs for a week's forecast where
/// `JSONDecoder` takes about 40 µs, so a cache hit costs little more than its SQL.
public protocol CompactRecord {
    /// The record text.
    var record: String { get }
    /// Reads a record back; nil when it is not one of this type's current version (it is then decoded
    /// again from the body and rewritten).
    init?(record: String)
}

extension CompactRecord {
    // MARK: - Writing fields (read back with `RecordFields`)

    /// A text field: backslash, tab and newline escaped.
    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "\\" || $0 == "\t" || $0 == "\n" || $0 == "\r" }) else { return text }
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// An optional text field: nil is `\N`.
    static func field(_ text: String?) -> String {
        text.map { field($0) } ?? "\\N"
    }

    /// An optional number: nil is empty.
    static func field(_ number: Int?) -> String {
        number.map(String.init) ?? ""
    }

    /// An optional number: nil is empty; `description` round-trips exactly.
    static func field(_ number: Double?) -> String {
        number.map { $0.description } ?? ""
    }

    static func field(_ flag: Bool) -> String {
        flag ? "1" : "0"
    }
}
