import Foundation
import Testing
@testable import Store

/// The hand-written reader of stored JSON arrays of text, against JSONSerialization's answers (issue 47).
@Suite struct JSONStringsTests {
    @Test func readsWhatJSONSerializationReads() throws {
        let samples: [[String]] = [
            [], [""], ["hiking"], ["a", "b c", "quote \" and \\ backslash"], ["tab\tnew\nline", "é 🧳 \u{1}"],
            ["/slash", "\u{2028}"],
        ]
        for sample in samples {
            let encoded = String(decoding: try JSONSerialization.data(withJSONObject: sample), as: UTF8.self)
            #expect(JSONStrings.array(encoded) == sample, "\(encoded)")
            #expect(JSONStrings.table("[\(encoded), \(encoded)]") == [sample, sample])
        }
        #expect(JSONStrings.array(#" [ "\u00e9\ud83e\uddf3" , "\/" ] "#) == ["é🧳", "/"])
    }

    @Test func refusesWhatIsNotAnArrayOfText() {
        for text in ["", "[", "[1]", "{}", "[\"a\",]", "[\"a\"] x", "[\"\\x\"]", "[\"\\ud83e\"]", "[\"a\nb\"]",
                     "[\"\\u12\"]", "[null]", "[\"a\" \"b\"]", "[[\"a\"]]"] {
            #expect(JSONStrings.array(text) == nil, "\(text.debugDescription)")
        }
        #expect(JSONStrings.table("[[\"a\"], 1]") == nil)
        #expect(JSONStrings.table("[]") == [])
    }
}
