import Foundation
import HTTPCore
@testable import LanguageModels
import Testing

/// The one-line rule for outside text in errors, HTTP dates and the transfer bounds: one implementation
/// each, in LanguageModels, which Tools uses for the weather requests too.
@Suite struct ServerTextTests {
    @Test(arguments: [
        ("plain words", "plain words"),
        ("  lead and trail  ", "lead and trail"),
        ("line one\nline two\r\nthree", "line one line two three"),
        ("esc \u{1B}[2J clear", "esc [2J clear"),
        ("tabs\t\tand\u{0B}vt", "tabs and vt"),
        ("del\u{7F}c1\u{85}\u{9B}x", "del c1 x"),
        ("nul\u{0}byte", "nul byte"),
        ("café ☕️", "café ☕️"),
        ("", ""),
    ])
    func outsideTextBecomesOneLineWithNoControls(_ input: String, _ expected: String) {
        let line = ServerText.oneLine(input)
        #expect(line == expected)
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func aLongTextIsCutAtItsLimitWithAnEllipsis() {
        #expect(ServerText.oneLine(String(repeating: "x", count: 400)) == String(repeating: "x", count: 300) + "…")
        #expect(ServerText.oneLine("abcdefghij", limit: 4) == "abcd…")
        let cut = ServerText.oneLine(String(repeating: "a \n", count: 200))
        #expect(cut.hasSuffix("a…") && cut.count <= 301 && !cut.contains("\n"))
    }

    @Test func anIMFFixdateIsReadAndAnythingElseIsNot() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT") == Date(timeIntervalSince1970: 784_111_777))
        for text in ["soon", "120", "", "1994-11-06T08:49:37Z"] { #expect(HTTPDate.parse(text) == nil) }
    }

    @Test func aRetryAfterDateIsTheSecondsUntilIt() {
        let now = Date(timeIntervalSince1970: 784_111_777 - 90)
        #expect(ServerErrorReader.retryAfter(headers: ["Retry-After": "Sun, 06 Nov 1994 08:49:37 GMT"], now: now) == 90)
        #expect(ServerErrorReader.retryAfter(headers: ["retry-after": "12"], now: now) == 12)
        #expect(ServerErrorReader.retryAfter(headers: ["Retry-After": "whenever"], now: now) == nil)
    }

    @Test(arguments: [
        (0, "0 bytes"), (300, "300 bytes"), (1_024, "1 KB"), (1_536, "1536 bytes"), (1_048_576, "1 MB"),
        (3 * 1_048_576, "3 MB"), (5_000_000, "5000000 bytes"),
    ])
    func sizesAreSaidInTheirLargestWholeUnit(_ bytes: Int, _ said: String) {
        #expect(TransportLimits.describe(bytes: bytes) == said)
    }

    @Test func deadlinesAreKeptBetweenAMillisecondAndADay() {
        #expect(TransportLimits(deadline: 0, maximumBytes: 1).deadline == 0.001)
        #expect(TransportLimits(deadline: 1e12, maximumBytes: 1).deadline == 86_400)
        #expect(TransportLimits(deadline: .infinity, maximumBytes: 1).deadline == 86_400)
        #expect(TransportLimits(deadline: .nan, maximumBytes: -5).maximumBytes == 0)
        #expect(TransportLimits.describe(seconds: 3) == "3 s")
        #expect(TransportLimits.describe(seconds: 0.5) == "0.5 s")
        #expect(TransportLimits.describe(seconds: .infinity) == "ever")
    }
}
