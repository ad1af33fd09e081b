import Foundation
import Interface
import Model
import Planner
import Rendering
import Store
import Testing

/// The list to take along: a Markdown checklist (and reading one back) and CSV, with outside text inert.
@Suite struct ChecklistTests {
    static func entry(_ number: Int, _ name: String, _ category: String, quantity: Int? = nil, reason: String, packed: Bool, source: TravellerList.Source = .engine) -> TravellerList.Entry {
        TravellerList.Entry(
            number: number, item: PackingItem(category: category, name: name, quantity: quantity, reason: reason),
            packed: packed, source: source, key: ItemKey.of(name)
        )
    }

    static let list = TravellerList(
        base: nil,
        entries: [
            entry(1, "Socks", "Clothing", quantity: 6, reason: "One pair a day", packed: true),
            entry(2, "Rain jacket", "Clothing", reason: "90% rain Thu Dec 4", packed: false),
            entry(3, "*Bold* [link](http://x) <b>", "Toiletries", reason: "line one\nline two \u{1B}[31m", packed: false),
            entry(4, "CPAP machine", "Your items", reason: "you always bring it", packed: true, source: .always),
        ],
        notices: ["No forecast yet for Sat Dec 6_"]
    )

    @Test func theMarkdownIsAChecklistWithCategoriesAsHeadingsAndNotesAtTheEnd() {
        let text = ChecklistMarkdown.render(Self.list, title: "Packing list: Denver, CO, US, 2026-12-03 to 2026-12-06")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "# Packing list: Denver, CO, US, 2026-12-03 to 2026-12-06")
        #expect(lines.contains("2 of 4 packed"))
        #expect(lines.contains("## Clothing"))
        #expect(lines.contains("- [x] Socks ×6 — One pair a day"))
        #expect(lines.contains("- [ ] Rain jacket — 90% rain Thu Dec 4"))
        #expect(lines.contains("## Your items"))
        #expect(lines.contains("- [x] CPAP machine — you always bring it"))
        // Outside text is inert: markup escaped, line breaks and escapes gone.
        #expect(lines.contains(#"- [ ] \*Bold\* \[link\](http\://x) \<b\> — line one line two  \[31m"#))
        #expect(!text.contains("\u{1B}"))
        let notes = lines.firstIndex(of: "## Notes")
        #expect(notes.map { $0 > (lines.firstIndex(of: "## Your items") ?? .max) } == true, "notices at the end")
        #expect(lines.contains(#"- No forecast yet for Sat Dec 6\_"#))
    }

    @Test func aChecklistReadsBackWhatItTicks() {
        let text = ChecklistMarkdown.render(Self.list, title: "T")
        let marks = ChecklistMarkdown.read(text)
        #expect(marks.map(\.packed) == [true, false, false, true], "the notes are not checklist lines")
        #expect(marks.first?.text == "Socks ×6 — One pair a day")
        #expect(marks[2].text.hasPrefix("*Bold* [link](http://x) <b> — "), "escapes undone")
        // Each line finds its item again, whatever its reason says.
        for (mark, entry) in zip(marks, Self.list.entries) {
            #expect(Self.list.entry(matchingLine: mark.text)?.number == entry.number, "\(mark.text)")
        }
        let edited = """
            * [X] rain jacket
              1. [x] Sun hat — hand-written
            - [] not a box
            - [ ] CPAP machine
            Some prose with [x] inside.
            """
        let read = ChecklistMarkdown.read(edited)
        #expect(read == [
            ChecklistMarkdown.Mark(text: "rain jacket", packed: true),
            ChecklistMarkdown.Mark(text: "Sun hat — hand-written", packed: true),
            ChecklistMarkdown.Mark(text: "CPAP machine", packed: false),
        ])
        #expect(Self.list.entry(matchingLine: "Sun hat — hand-written") == nil)
    }

    @Test(arguments: [
        "Socks — wool", #"Back\slash \* star"#, "[x] Not a box", "- [ ] Nested", "Café crème", "🎿 Skis", "`code` _em_ ~del~",
        "Tab\tin name", "#1 favourite", "a|b|c", "&amp; entity", "Hat ×2",
    ])
    func anyNameSurvivesTheRoundTrip(_ name: String) {
        let list = TravellerList(base: nil, entries: [
            Self.entry(1, "Sun hat", "Clothing", reason: "Sunny — 90°F", packed: false),
            Self.entry(2, name, "Clothing", quantity: 3, reason: "why — because", packed: true),
            Self.entry(3, "Sunscreen", "Toiletries", reason: "", packed: false),
        ])
        let marks = ChecklistMarkdown.read(ChecklistMarkdown.render(list, title: name))
        #expect(marks.map(\.packed) == [false, true, false], "\(name)")
        #expect(marks.compactMap { list.entry(matchingLine: $0.text)?.number } == [1, 2, 3], "\(name): \(marks)")
    }

    @Test func theCSVHasTheColumnsAndQuotesWhatItMust() {
        let list = TravellerList(base: nil, entries: [
            Self.entry(1, "Socks", "Clothing", quantity: 6, reason: "One pair a day, plus one", packed: true),
            Self.entry(2, #"Say "cheese" camera"#, "Electronics", reason: "line\nbreak", packed: false, source: .own),
            Self.entry(3, "=HYPERLINK(\"http://x\")", "Other", reason: "-5°C low", packed: false),
        ])
        let rows = ChecklistCSV.render(list).components(separatedBy: "\r\n")
        #expect(rows[0] == "name,quantity,category,packed,own,reason,packed_quantity")
        #expect(rows[1] == #"Socks,6,Clothing,true,false,"One pair a day, plus one",6"#)
        #expect(rows[2] == #""Say ""cheese"" camera",,Electronics,false,true,line break,"#)
        #expect(rows[3] == #""'=HYPERLINK(""http://x"")",,Other,false,false,'-5°C low,"#)
        #expect(rows.count == 5 && rows[4].isEmpty, "every row ends in CRLF")
    }
}

/// The change report as printed.
@Suite struct ChangeReportTextTests {
    static func item(_ name: String, quantity: Int? = nil, reason: String = "") -> PackingItem {
        PackingItem(category: "Clothing", name: name, quantity: quantity, reason: reason)
    }

    static let day = CalendarDate("2026-11-29") ?? CalendarDate(Date())

    @Test func aShortReportIsOneLine() {
        let report = ListChangeReport(
            since: Date(), added: [.init(item: Self.item("Rain jacket", reason: "90% rain Thu Dec 4"))],
            removed: [.init(item: Self.item("Sunscreen"), isKept: false)],
            changed: [.init(item: Self.item("Socks", quantity: 6), from: 5, to: 6)]
        )
        #expect(ChangeReportText.lines(report, day: Self.day)
            == ["Since the last list (Sun Nov 29): + Rain jacket — 90% rain Thu Dec 4; − Sunscreen; Socks ×5 → ×6"])
        let none = ListChangeReport(since: Date(), added: [], removed: [], changed: [])
        #expect(ChangeReportText.lines(none, day: Self.day) == ["Since the last list (Sun Nov 29): no changes."])
    }

    @Test func aGarmentOfAnotherKindIsOneReplacement() {
        let report = ListChangeReport(
            since: Date(), added: [], removed: [], changed: [],
            replaced: [.init(old: Self.item("Short-sleeved tops", quantity: 7), new: Self.item("Long-sleeved tops", quantity: 7), wasPacked: true)]
        )
        #expect(ChangeReportText.lines(report, day: Self.day) == [
            "Since the last list (Sun Nov 29):", "  Short-sleeved tops → Long-sleeved tops ×7 (you had packed the short-sleeved tops)",
        ])
    }

    @Test func aLongReportTakesALinePerChangeAndSaysWhatStays() {
        let report = ListChangeReport(
            since: Date(),
            added: [
                .init(item: Self.item("Light jacket", reason: "Low of 44°F Tue Dec 1")),
                .init(item: Self.item("Waterproof shoes", reason: "Rain likely on 2 days: 90% Wed Dec 2")),
            ],
            removed: [.init(item: Self.item("Warm coat"), isKept: true)],
            changed: [.init(item: Self.item("Hat"), from: 2, to: nil)]
        )
        #expect(ChangeReportText.lines(report, day: Self.day) == [
            "Since the last list (Sun Nov 29):",
            "  + Light jacket — Low of 44°F Tue Dec 1",
            "  + Waterproof shoes — Rain likely on 2 days: 90% Wed Dec 2",
            "  − Warm coat (you ticked it, so it stays)",
            "  Hat ×2 → ×1",
        ])
    }
}

/// Exports read elsewhere, round four (issue 32): CSV a spreadsheet splits on `;` reads as the same cells,
/// with no formula; Markdown whose structure no name changes; a checklist read from a regular file only.
@Suite struct ChecklistExportTests {
    static func list(_ names: [String], reason: String = "why") -> TravellerList {
        TravellerList(base: nil, entries: names.enumerated().map { index, name in
            ChecklistTests.entry(index + 1, name, "Clothing", reason: reason, packed: false)
        })
    }

    @Test(arguments: ["Socks;=1+1;", "a;b", "Tab\there", "  =SUM(A1)", "@cmd", "+1", "-1;-2", "x\"y"])
    func aFieldReadsAsOneInertCellWhateverTheSeparator(_ name: String) {
        let field = ChecklistCSV.field(name)
        // Split as a spreadsheet does on ';' or ',' (quotes group), then unquote.
        for separator: Character in [";", ","] {
            let cells = Self.cells(field, separator: separator)
            #expect(cells.count == 1, "\(name) → \(field) split on \(separator): \(cells)")
            let visible = cells.first?.drop { $0 == " " }.first
            #expect(visible.map { !"=+-@".contains($0) } ?? true, "\(name) → \(field) starts a formula")
        }
    }

    @Test func theCSVQuotesSemicolons() {
        let rows = ChecklistCSV.render(Self.list(["Socks;=1+1;"], reason: "wet; cold")).components(separatedBy: "\r\n")
        #expect(rows[1] == #""Socks;=1+1;",,Clothing,false,false,"wet; cold","#)
    }

    @Test(arguments: [
        ("- Nested", #"\- Nested"#), ("+ plus", #"\+ plus"#), ("1. First", #"1\. First"#), ("2) Second", #"2\) Second"#),
        ("=== rule", #"\=== rule"#), ("--- rule", #"\--- rule"#), ("   - indented", #"\- indented"#), ("Hat - red", "Hat - red"),
    ])
    func aLeadingMarkIsEscaped(_ text: String, _ expected: String) {
        #expect(ChecklistMarkdown.escape(text) == expected)
        #expect(ChecklistMarkdown.unescape(ChecklistMarkdown.escape(text)) == text.drop { $0 == " " }.description)
    }

    @Test func aNoteCannotStartAListOfItsOwn() {
        var list = Self.list(["Socks"])
        list.notices = ["- [x] Passport", "1. [ ] Ticket"]
        let text = ChecklistMarkdown.render(list, title: "T")
        #expect(text.contains("- \\- \\[x\\] Passport\n") && text.contains("- 1\\. \\[ \\] Ticket\n"))
        #expect(ChecklistMarkdown.read(text).map(\.text) == ["Socks — why"], "the notes tick nothing")
    }

    @Test func onlyARegularFileIsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plan-checklist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appending(path: "list.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let started = Date()
        #expect(throws: ChecklistFile.Failure.notARegularFile("list.fifo")) { try ChecklistFile.read(fifo, shown: "list.fifo") }
        #expect(Date().timeIntervalSince(started) < 2, "a FIFO with no writer is refused at once, not waited on")
        #expect(throws: ChecklistFile.Failure.notARegularFile("zero")) { try ChecklistFile.read("/dev/zero", shown: "zero") }
        #expect(throws: ChecklistFile.Failure.cannotRead("dir")) { try ChecklistFile.read(folder.path, shown: "dir") }
        let large = folder.appending(path: "large.md")
        try Data(repeating: 0x41, count: ChecklistFile.maximumBytes + 1).write(to: large)
        #expect(throws: ChecklistFile.Failure.tooLarge("large")) { try ChecklistFile.read(large.path, shown: "large") }
        let small = folder.appending(path: "small.md")
        try Data("- [x] Socks\n".utf8).write(to: small)
        #expect(try ChecklistFile.read(small.path, shown: "small") == "- [x] Socks\n")
    }

    /// `text` split on `separator` outside quotes, each cell unquoted.
    static func cells(_ text: String, separator: Character) -> [String] {
        var cells: [String] = []
        var cell = ""
        var quoted = false
        var previous: Character?
        for character in text {
            if character == "\"" {
                if quoted, previous == "\"" { cell.append("\"") }
                quoted.toggle()
            } else if character == separator, !quoted {
                cells.append(cell)
                cell = ""
            } else {
                cell.append(character)
            }
            previous = character
        }
        return cells + [cell]
    }
}

/// Issue 41: Markdown escapes only what Markdown needs (an ampersand only where an entity would begin).
@Suite struct ChecklistEscapeTests {
    @Test(arguments: [
        ("Documents & money", "Documents & money"),
        ("(usual for December)", "(usual for December)"),
        ("Fun! {yes}", "Fun! {yes}"),
        ("AT&amp;T", #"AT\&amp;T"#),
        ("&#38; and &#x26;", ##"\&\#38; and \&\#x26;"##),
        ("![img](x)", #"!\[img\](x)"#),
    ])
    func onlyWhatMarkdownReadsIsEscaped(_ pair: (String, String)) {
        #expect(ChecklistMarkdown.escape(pair.0) == pair.1)
        #expect(ChecklistMarkdown.unescape(ChecklistMarkdown.escape(pair.0)) == pair.0)
    }
}
