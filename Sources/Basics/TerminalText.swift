import FoundationEssentials

/// Makes text from outside (services, the model, the database) safe to print on a terminal, and cuts
/// error text to one line. The console applies it to everything it prints; `--json` is left alone.
///
/// Control characters (C0, DEL) are shown as their Unicode pictures ("␛", "␍", "␀"), so an escape
/// sequence (clear screen, window title, OSC 8 link) is printed as inert text; in a one-line field
/// (`singleLine`: every line the console prints) they, line breaks and tabs become spaces instead; C1 controls and
/// bidirectional overrides or isolates become "?"; lines longer than the limit are cut with "…".
/// Styling that plan itself adds is written as marks carrying a secret per-run nonce (`Marks`), which
/// only the sanitiser turns into SGR sequences: text from outside cannot forge them.
public enum TerminalText {
    /// The longest line printed; the rest of the line is cut.
    public static let maximumLineLength = 2_000

    /// The longest error text shown or stored: one line of this many characters.
    public static let maximumErrorLength = 300

    /// Private-use scalars that open and close a style mark.
    static let markOpen: Unicode.Scalar = "\u{F0000}"
    static let markClose: Unicode.Scalar = "\u{F0001}"

    /// plan's own styling for one run: marks only this run's sanitiser turns into colours.
    public struct Marks: Sendable {
        let nonce: String

        public init() {
            nonce = String(UInt64.random(in: 1...UInt64.max), radix: 36)
        }

        /// A mark for SGR `code` ("1" bold, "2" dim, "36" cyan, "0" reset).
        public func mark(_ code: String) -> String {
            "\(TerminalText.markOpen)\(nonce)\(code)\(TerminalText.markClose)"
        }
    }

    /// One-shot: `text` made safe, each line cut at `maximumLineLength`.
    public static func sanitize(
        _ text: String, marks: Marks? = nil, maximumLineLength: Int = maximumLineLength, singleLine: Bool = false
    ) -> String {
        var sanitizer = Sanitizer(marks: marks, maximumLineLength: maximumLineLength, singleLine: singleLine)
        return sanitizer.feed(text)
    }

    /// Error text as one line, the one implementation of the rule for whatever reads outside text (HTTPCore's
    /// `ServerText` for a model server's messages, every error line plan shows): newlines, C0 controls (ESC
    /// included, so an ANSI escape cannot start), DEL and C1 controls become a space, runs of spaces one, cut
    /// at `limit` with "…". Everything else is kept, bidirectional overrides included: the console's
    /// sanitiser shows those as "?" when the line is printed.
    public static func oneLine(_ text: String, limit: Int = maximumErrorLength) -> String {
        var result = ""
        var count = 0
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if isSpace {
                if lastWasSpace || count == 0 { continue }
                lastWasSpace = true
                result.unicodeScalars.append(" ")
            } else {
                lastWasSpace = false
                result.unicodeScalars.append(scalar)
            }
            count += 1
            if count >= limit {
                return result.trimming(.whitespaces) + "…"
            }
        }
        return result.trimming(.whitespaces)
    }

    /// A sanitiser that keeps its place across pieces of one stream (a streamed answer).
    public struct Sanitizer: Sendable {
        let marks: Marks?
        let maximumLineLength: Int
        let singleLine: Bool
        var column = 0
        var isCutting = false
        /// Scalars looked at so far (the work is linear in the input).
        public private(set) var scalarsRead = 0

        public init(marks: Marks? = nil, maximumLineLength: Int = TerminalText.maximumLineLength, singleLine: Bool = false) {
            self.marks = marks
            self.maximumLineLength = max(1, maximumLineLength)
            self.singleLine = singleLine
        }

        /// `text` made safe. Runs of scalars printed as themselves are copied whole (a slice at a time, not
        /// scalar by scalar: a cached `show` prints thousands of them); everything else goes one at a time.
        public mutating func feed(_ text: String) -> String {
            let scalars = text.unicodeScalars
            var output = ""
            var index = scalars.startIndex
            // The start of the scalars printed as themselves and not yet copied.
            var run = index
            while index < scalars.endIndex {
                let scalar = scalars[index]
                scalarsRead += 1
                if !isCutting, column < maximumLineLength, isPlain(scalar) {
                    column += 1
                    index = scalars.index(after: index)
                    continue
                }
                // A slice of the string, not of its scalar view: appending that is a copy of its bytes, where the
                // view's `append(contentsOf:)` runs generic code scalar by scalar.
                if run < index { output += text[run..<index] }
                index = scalars.index(after: index)
                special(scalar, in: scalars, at: &index, into: &output.unicodeScalars)
                run = index
            }
            if run == scalars.startIndex { return text }
            if run < index { output += text[run..<index] }
            return output
        }

        /// Whether a scalar is printed as itself, with nothing else to do.
        private func isPlain(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            if value >= 0x20 && value < 0x7F { return true }  // printable ASCII, the bulk of it
            if scalar == "\n" || scalar == TerminalText.markOpen || (singleLine && Self.breaksALine(scalar)) { return false }
            return Self.shown(scalar) == scalar
        }

        /// A scalar that is not printed as itself, or ends a line, or opens a style mark (`index` is past it,
        /// and past the mark when there is one).
        private mutating func special(
            _ scalar: Unicode.Scalar, in scalars: String.UnicodeScalarView, at index: inout String.UnicodeScalarView.Index,
            into output: inout String.UnicodeScalarView
        ) {
            if scalar == TerminalText.markOpen {
                if let (code, next) = styleMark(in: scalars, at: index) {
                    output.append(contentsOf: "\u{1B}[\(code)m".unicodeScalars)
                    scalarsRead += scalars.distance(from: index, to: next)
                    index = next
                }
                return
            }
            if singleLine, Self.breaksALine(scalar) {
                // A one-line field (a place's name in a table, an alert's event): outside text cannot
                // start a line of its own or push a column with a tab.
                emit(" ", into: &output)
                return
            }
            if scalar == "\n" {
                output.append(scalar)
                column = 0
                isCutting = false
                return
            }
            emit(Self.shown(scalar), into: &output)
        }

        private mutating func emit(_ scalar: Unicode.Scalar?, into output: inout String.UnicodeScalarView) {
            guard let scalar, !isCutting else { return }
            if column >= maximumLineLength {
                output.append("…")
                isCutting = true
                return
            }
            output.append(scalar)
            column += 1
        }

        /// `[nonce][code]` + close after an open mark, when the nonce is this run's.
        private func styleMark(
            in scalars: String.UnicodeScalarView, at start: String.UnicodeScalarView.Index
        ) -> (String, String.UnicodeScalarView.Index)? {
            guard let marks else { return nil }
            var index = start
            for expected in marks.nonce.unicodeScalars {
                guard index < scalars.endIndex, scalars[index] == expected else { return nil }
                index = scalars.index(after: index)
            }
            var code = ""
            while index < scalars.endIndex, code.count < 8 {
                let scalar = scalars[index]
                if scalar == TerminalText.markClose { return code.isEmpty ? nil : (code, scalars.index(after: index)) }
                guard ("0"..."9").contains(scalar) || scalar == ";" else { return nil }
                code.unicodeScalars.append(scalar)
                index = scalars.index(after: index)
            }
            return nil
        }

        /// Whether a scalar moves the cursor off a one-line field: a C0 control (line feed, return, tab,
        /// vertical tab, form feed, escape…), DEL, next line (U+0085) or a Unicode line or paragraph separator.
        static func breaksALine(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            return value < 0x20 || value == 0x7F || value == 0x85 || value == 0x2028 || value == 0x2029
        }

        /// What a scalar is printed as: itself, a visible stand-in, or nothing.
        static func shown(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
            let value = scalar.value
            switch value {
            case 0x09: return scalar
            case 0x00...0x1F: return Unicode.Scalar(0x2400 + value)
            case 0x7F: return "\u{2421}"
            case 0x80...0x9F: return "?"
            case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return "?"
            case 0x2028, 0x2029: return " "
            case 0xF0000, 0xF0001: return nil
            default: return scalar
            }
        }
    }
}
