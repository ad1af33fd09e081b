import FoundationEssentials
import Basics

/// A `Cache-Control` field's directives (RFC 9111 §5.2), parsed as the grammar says: comma-separated
/// `token[=(token / quoted-string)]`, names without regard to case, commas inside a quoted string kept in
/// its value, and the first occurrence of a directive the one that counts (§4.2.1). Several field lines
/// arrive joined by ", ", which parses the same.
struct CacheControl: Equatable {
    /// Each directive's argument (nil when it has none), by lower-cased name, first occurrence only.
    private(set) var directives: [String: String?] = [:]

    init(_ field: String?) {
        guard let field else { return }
        for (name, value) in Self.members(of: field) where directives[name] == nil {
            directives[name] = .some(value)
        }
    }

    /// Whether the directive is present (with or without an argument).
    func has(_ name: String) -> Bool { directives[name] != nil }

    /// A directive's delta-seconds argument (`max-age=300`), or nil when absent or not 1*DIGIT (a sign, a
    /// decimal point, a letter, a space around "=" or single quotes make it invalid; double quotes are
    /// accepted, as §5.2 asks of recipients). Values past 2^31 read as 2^31 (§1.2.2).
    func seconds(_ name: String) -> Int? {
        guard let argument = directives[name], let text = argument else { return nil }
        return Self.deltaSeconds(text)
    }

    /// The greatest delta-seconds a cache need represent; larger values read as this (RFC 9111 §1.2.2).
    static let largestDelta = 2_147_483_648

    /// `1*DIGIT` as a number, saturating at `largestDelta`; nil for anything else.
    static func deltaSeconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        var value = 0
        for byte in text.utf8 {
            value = min(value * 10 + Int(byte - UInt8(ascii: "0")), largestDelta)  // widening a digit's byte
        }
        return value
    }

    /// The field's members in order: lower-cased name and raw argument (unquoted when quoted; with a space
    /// in front when one stood before or after "=", which no delta-seconds reads).
    static func members(of field: String) -> [(String, String?)] {
        var result: [(String, String?)] = []
        var index = field.startIndex
        while index < field.endIndex {
            var name = ""
            while index < field.endIndex, field[index] != ",", field[index] != "=" {
                name.append(field[index])
                index = field.index(after: index)
            }
            var value: String?
            if index < field.endIndex, field[index] == "=" {
                index = field.index(after: index)
                let (argument, next) = argumentValue(field, from: index)
                value = argument
                index = next
            }
            // Up to the next comma (what follows a quoted string before it is ignored).
            while index < field.endIndex, field[index] != "," { index = field.index(after: index) }
            if index < field.endIndex { index = field.index(after: index) }
            let key = name.trimming(.whitespaces)
            // "max-age =3600": space before "=" is not the grammar; the argument is kept with a space in front,
            // as "max-age= 3600" has it, so it reads as invalid.
            if let argument = value, name.last == " " || name.last == "\t" { value = " " + argument }
            if !key.isEmpty { result.append((key.lowercased(), value)) }
        }
        return result
    }

    /// A directive's argument starting at `start`: a quoted-string (backslash escapes honoured) or the
    /// characters up to the next comma (trailing spaces dropped, leading ones kept so "max-age= 1" stays
    /// invalid). Returns the value and where reading stopped.
    static func argumentValue(_ field: String, from start: String.Index) -> (String, String.Index) {
        var index = start
        var value = ""
        if index < field.endIndex, field[index] == "\"" {
            index = field.index(after: index)
            while index < field.endIndex, field[index] != "\"" {
                if field[index] == "\\" {
                    index = field.index(after: index)
                    if index == field.endIndex { break }
                }
                value.append(field[index])
                index = field.index(after: index)
            }
            if index < field.endIndex { index = field.index(after: index) }
            return (value, index)
        }
        while index < field.endIndex, field[index] != "," {
            value.append(field[index])
            index = field.index(after: index)
        }
        while value.last == " " || value.last == "\t" { value.removeLast() }
        return (value, index)
    }
}
