import FoundationEssentials
import Basics
import Model

/// A trip's list as a Markdown checklist (`- [x]` packed, `- [ ]` not; categories as headings; notices at the
/// end), and the reading back of one edited elsewhere. Names and reasons come from outside (a model, the
/// traveller): they are made inert Markdown, one line each.
public enum ChecklistMarkdown {
    /// The checklist of `list` under the heading `title`.
    public static func render(_ list: TravellerList, title: String) -> String {
        var text = "# \(escape(title))\n"
        if !list.entries.isEmpty { text += "\n\(list.progress)\n" }
        for category in list.categories {
            text += "\n## \(escape(category))\n\n"
            for entry in list.entries where entry.item.category == category {
                let note = [entry.partNote, entry.item.reason.isEmpty ? nil : entry.item.reason].compactMap { $0 }
                let reason = note.isEmpty ? "" : " — " + escape(note.joined(separator: "; "))
                text += "- [\(entry.packed ? "x" : " ")] \(escape(entry.item.label))\(reason)\n"
            }
        }
        var notes = list.notices
        if !list.leftOff.isEmpty { notes.append("Left off as you asked: \(list.leftOff.joined(separator: ", ")).") }
        if let reason = list.base?.outOfDate { notes.append("This list is out of date: \(reason).") }
        if !notes.isEmpty {
            text += "\n## Notes\n\n" + notes.map { "- \(escape($0))\n" }.joined()
        }
        return text
    }

    /// One checklist line read back: its text (unescaped, after the box) and whether the box is ticked.
    public struct Mark: Sendable, Equatable {
        public var text: String
        public var packed: Bool

        public init(text: String, packed: Bool) {
            self.text = text
            self.packed = packed
        }
    }

    /// The checklist lines of a Markdown text: `- [x] …`, `* [X] …`, `+ [ ] …`, `1. [x] …`, indented or not.
    /// Every other line (headings, notes, prose) is ignored.
    public static func read(_ markdown: String) -> [Mark] {
        var marks: [Mark] = []
        for rawLine in markdown.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            var line = rawLine.drop { $0 == " " || $0 == "\t" }
            if let first = line.first, first == "-" || first == "*" || first == "+" {
                line = line.dropFirst()
            } else {
                let digits = line.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, digits.count <= 9 else { continue }
                line = line.dropFirst(digits.count)
                guard let mark = line.first, mark == "." || mark == ")" else { continue }
                line = line.dropFirst()
            }
            guard line.first == " " else { continue }
            line = line.drop { $0 == " " }
            guard line.count >= 3, line.first == "[" else { continue }
            let box = line.dropFirst().prefix(1)
            guard line.dropFirst(2).first == "]", box == "x" || box == "X" || box == " " else { continue }
            let text = unescape(String(line.dropFirst(3))).trimming(.whitespaces)
            guard !text.isEmpty else { continue }
            marks.append(Mark(text: text, packed: box != " "))
        }
        return marks
    }

    /// Text as inert Markdown on one line: control characters and line breaks become spaces; every character
    /// that makes links, images, emphasis, code or HTML is backslash-escaped (CommonMark lets any ASCII
    /// punctuation be), and bare `http://` and `www.` links are broken (`http\://`, `www\.`), which GitHub's
    /// Markdown would otherwise link.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let category = scalar.properties.generalCategory
            if category == .control || category == .lineSeparator || category == .paragraphSeparator || category == .format {
                escaped.unicodeScalars.append(" ")
                continue
            }
            let opensLink = scalar == ":" && index + 2 < scalars.count && scalars[index + 1] == "/" && scalars[index + 2] == "/"
            let endsWWW = scalar == "." && escaped.unicodeScalars.suffix(3).map { Character($0).lowercased() }.joined() == "www"
            let opensEntity = scalar == "&" && Self.startsEntity(scalars[(index + 1)...])
            if Self.special.contains(scalar) || opensLink || endsWWW || opensEntity { escaped.unicodeScalars.append("\\") }
            escaped.unicodeScalars.append(scalar)
        }
        return inertStart(escaped)
    }

    /// `text` with nothing at its start that would make a line a list, a quote or a code block after "- "
    /// (a leading -, +, =, or "1." / "1)"): leading spaces dropped, that character backslash-escaped.
    static func inertStart(_ text: String) -> String {
        let trimmed = text.drop { $0 == " " }
        if let first = trimmed.first, first == "-" || first == "+" || first == "=" {
            return "\\" + trimmed
        }
        let digits = trimmed.prefix { $0.isASCII && $0.isNumber }
        let after = trimmed.dropFirst(digits.count)
        if !digits.isEmpty, digits.count <= 9, let mark = after.first, mark == "." || mark == ")" {
            return String(digits) + "\\" + after
        }
        return String(trimmed)
    }

    /// `escape` undone: a backslash before ASCII punctuation is dropped.
    public static func unescape(_ text: String) -> String {
        var result = ""
        var pendingBackslash = false
        for scalar in text.unicodeScalars {
            if pendingBackslash {
                pendingBackslash = false
                if !(scalar.isASCII && scalar.properties.isPunctuationOrSymbol) { result.unicodeScalars.append("\\") }
                result.unicodeScalars.append(scalar)
            } else if scalar == "\\" {
                pendingBackslash = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        if pendingBackslash { result.unicodeScalars.append("\\") }
        return result
    }

    /// What CommonMark (and GitHub's tables and strikethrough) could read as markup inside a line. Not `(`, `)`
    /// or `!`: with both brackets escaped no link or image can form; `&` only where an entity would begin.
    static let special: Set<Unicode.Scalar> = ["\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~"]

    /// Whether the text after an `&` reads as an entity reference (`amp;`, `#38;`, `#x26;`): letters or digits
    /// (after an optional `#`), then `;`.
    static func startsEntity(_ rest: ArraySlice<Unicode.Scalar>) -> Bool {
        var body = rest.prefix(34)
        if body.first == "#" { body = body.dropFirst() }
        let name = body.prefix { $0.isASCII && $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        guard !name.isEmpty else { return false }
        return body.dropFirst(name.count).first == ";"
    }
}

extension Unicode.Scalar.Properties {
    /// ASCII punctuation or symbol (what CommonMark lets a backslash escape).
    fileprivate var isPunctuationOrSymbol: Bool {
        switch generalCategory {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
             .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
