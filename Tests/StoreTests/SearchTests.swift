import Foundation
import Testing
@testable import Store

@Suite struct SearchTests {
    @Test(arguments: [
        ("snow", #""snow""#), ("heavy snow", #""heavy" "snow""#), ("sno*", #""sno"*"#), ("\"snow", #""snow""#),
        ("NEAR(snow rain)", #""NEAR" "snow" "rain""#), ("-rain", #""rain""#), ("a AND b", #""a" "AND" "b""#),
        ("'; DROP TABLE trips; --", #""DROP" "TABLE" "trips""#), ("São", #""São""#), ("雪", #""雪""#),
    ])
    func userTextBecomesQuotedTerms(_ input: String, _ expected: String) {
        #expect(Store.ftsQuery(input) == expected)
    }

    @Test(arguments: ["", "   ", "*", "\"\"", "()", "-", "🌨️"])
    func textWithoutWordsSearchesNothing(_ input: String) {
        #expect(Store.ftsQuery(input) == nil)
    }

    @Test func bestMatchFirstOrNewestFirst() async throws {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let session = try await store.createSession(tripID: nil, purpose: .pack, model: "m", contextSize: 4_096)
        try await store.appendEntry(sessionID: session, kind: .toolOutput, tool: "forecast",
                                    text: "Tue: heavy snow, snow showers, snow at night", tokens: 10)
        try await store.appendEntry(sessionID: session, kind: .prompt,
                                    text: "Packing list for Denver with a long description of many other things and a little snow", tokens: 10)
        try await store.appendEntry(sessionID: session, kind: .response, text: "Umbrella for rain", tokens: 3)
        let best = try await store.search("snow")
        #expect(best.map(\.kind) == [.toolOutput, .prompt])
        #expect(best.first?.snippet.contains("[snow]") == true)
        #expect(best.first?.tool == "forecast")
        let newest = try await store.search("snow", newestFirst: true)
        #expect(newest.map(\.kind) == [.prompt, .toolOutput])
        #expect(try await store.search("snow", limit: 1).count == 1)
        #expect(try await store.search("umbrel*").map(\.kind) == [.response])
        // Operators are words like any other: every word must match, so this finds nothing, without an error.
        #expect(try await store.search("NEAR(\"snow").isEmpty)
        // Deleting the trip's sessions removes their entries from the index too (external-content triggers).
        _ = try await store.rows("DELETE FROM sessions")
        #expect(try await store.search("snow").isEmpty)
    }
}
