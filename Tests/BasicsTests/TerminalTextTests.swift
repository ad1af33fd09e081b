import Foundation
import Testing
@testable import Basics

/// The console's sanitiser: what outside text becomes on the terminal.
@Suite struct TerminalTextTests {
    @Test(arguments: [
        ("plain text", "plain text"),
        ("clear\u{1B}[2Jscreen", "clear\u{241B}[2Jscreen"),
        ("title\u{1B}]0;pwned\u{07}", "title\u{241B}]0;pwned\u{2407}"),
        ("over\rwrite", "over\u{240D}write"),
        ("nul\u{0}byte", "nul\u{2400}byte"),
        ("del\u{7F}", "del\u{2421}"),
        ("c1\u{9B}31m", "c1?31m"),
        ("bidi \u{202E}evil\u{202C} \u{2066}x\u{2069}", "bidi ?evil? ?x?"),
        ("tab\tkept\nline two", "tab\tkept\nline two"),
        ("Zürich, São Paulo, 東京", "Zürich, São Paulo, 東京"),
        ("forged \u{F0000}abc1\u{F0001}mark", "forged abc1mark"),
    ])
    func sanitizes(_ input: String, _ expected: String) {
        #expect(TerminalText.sanitize(input) == expected)
    }

    @Test func ourOwnMarksBecomeColoursAndNoOneElsesDo() {
        let marks = TerminalText.Marks()
        let styled = marks.mark("1") + "bold" + marks.mark("0")
        #expect(TerminalText.sanitize(styled, marks: marks) == "\u{1B}[1mbold\u{1B}[0m")
        let other = TerminalText.Marks()
        #expect(!TerminalText.sanitize(other.mark("1") + "x", marks: marks).contains("\u{1B}"))
        #expect(!TerminalText.sanitize(styled).contains("\u{1B}"))
    }

    @Test func longLinesAreCutEachOnItsOwn() {
        let text = String(repeating: "a", count: 5_000) + "\nshort"
        let safe = TerminalText.sanitize(text, maximumLineLength: 100)
        let lines = safe.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2)
        #expect(lines[0] == String(repeating: "a", count: 100) + "…")
        #expect(lines[1] == "short")
    }

    @Test func singleLineModeFoldsNewlines() {
        #expect(TerminalText.sanitize("one\ntwo", singleLine: true) == "one two")
    }

    /// Issue 32: a line the console prints is one line. A geocoded name or an alert's event with a line
    /// break, a return, a tab or a Unicode separator cannot forge a line or push a table's column: each
    /// becomes one space (so a table's widths, counted in characters, still hold); escapes stay inert.
    @Test(arguments: [
        ("Denver\nplan: trip 2 deleted", "Denver plan: trip 2 deleted"),
        ("Den\tver", "Den ver"),
        ("over\rwrite", "over write"),
        ("a\u{0B}b\u{0C}c\u{85}d", "a b c d"),
        ("para\u{2028}line\u{2029}end", "para line end"),
        ("clear\u{1B}[2J", "clear [2J"),
    ])
    func aOneLineFieldFlattensLineBreaksTabsAndControls(_ input: String, _ expected: String) {
        let flat = TerminalText.sanitize(input, singleLine: true)
        #expect(flat == expected)
        #expect(flat.unicodeScalars.count == input.unicodeScalars.count)
    }

    @Test func aStreamKeepsItsColumnAcrossPieces() {
        var sanitizer = TerminalText.Sanitizer(maximumLineLength: 10)
        let pieces = (0..<5).map { _ in sanitizer.feed("abcd") }.joined()
        #expect(pieces == "abcdabcdab…")
        #expect(sanitizer.feed("\nnext") == "\nnext")
    }

    @Test func theWorkIsLinearInTheInput() {
        var sanitizer = TerminalText.Sanitizer()
        let input = String(repeating: "\u{1B}[2J", count: 100_000)
        _ = sanitizer.feed(input)
        #expect(sanitizer.scalarsRead == input.unicodeScalars.count)
    }

    @Test func errorTextBecomesOneShortLine() {
        let message = String(repeating: "the model broke\n\u{1B}]0;x\u{07}\r\n", count: 10_000)
        let line = TerminalText.oneLine(message)
        #expect(!line.contains("\n") && !line.contains("\r") && !line.contains("\u{1B}"))
        #expect(line.count <= TerminalText.maximumErrorLength + 1)
        #expect(line.hasPrefix("the model broke ]0;x the model broke"))
    }
}
