import Foundation
import Model
@testable import Store
import Testing

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
        try await store.appendEntry(sessionID: session, kind: "toolOutput", tool: "forecast",
                                    text: "Tue: heavy snow, snow showers, snow at night", tokens: 10)
        try await store.appendEntry(sessionID: session, kind: "prompt",
                                    text: "Packing list for Denver with a long description of many other things and a little snow", tokens: 10)
        try await store.appendEntry(sessionID: session, kind: "response", text: "Umbrella for rain", tokens: 3)
        let best = try await store.search("snow")
        #expect(best.map(\.kind) == ["toolOutput", "prompt"])
        #expect(best.first?.snippet.contains("[snow]") == true)
        #expect(best.first?.tool == "forecast")
        let newest = try await store.search("snow", newestFirst: true)
        #expect(newest.map(\.kind) == ["prompt", "toolOutput"])
        #expect(try await store.search("snow", limit: 1).count == 1)
        #expect(try await store.search("umbrel*").map(\.kind) == ["response"])
        // Operators are words like any other: every word must match, so this finds nothing, without an error.
        #expect(try await store.search("NEAR(\"snow").isEmpty)
        // Deleting the trip's sessions removes their entries from the index too (external-content triggers).
        _ = try await store.rows("DELETE FROM sessions")
        #expect(try await store.search("snow").isEmpty)
    }
}

@Suite struct BoundedRankingTests {
    /// A session whose entries mention "snow" from once to `count` times (the most relevant last), with
    /// "crampons" in three of them.
    func store(entries count: Int) async throws -> (TemporaryDatabase, Store) {
        let temp = TemporaryDatabase()
        let store = try Store(path: temp.path)
        let session = try await store.createSession(tripID: nil, purpose: .pack, model: "m", contextSize: 4_096)
        for index in 1...count {
            let words = Array(repeating: "snow", count: index % 7 + 1) + (index % 5 == 0 ? ["crampons"] : [])
            try await store.appendEntry(
                sessionID: session, kind: "response", text: (words + ["and", "more", "text"]).joined(separator: " "), tokens: 1
            )
        }
        return (temp, store)
    }

    @Test func aRareWordIsRankedOverAllItsMatches() async throws {
        let (temp, store) = try await store(entries: 40)
        _ = temp
        let bounded = try await store.search("crampons", rankedMatches: 10)
        let full = try await store.search("crampons", rankedMatches: Int.max)
        #expect(bounded.count == 8)
        #expect(bounded.map(\.entryID) == full.map(\.entryID))
    }

    @Test func aCommonWordIsRankedOverItsNewestMatches() async throws {
        let (temp, store) = try await store(entries: 40)
        _ = temp
        let bounded = try await store.search("snow", limit: 5, rankedMatches: 10)
        #expect(bounded.count == 5)
        // Only the newest ten matches (ids 31...40) are ranked, best first among them.
        #expect(bounded.allSatisfy { $0.entryID > 30 })
        let window = try await store.search("snow", limit: 10, rankedMatches: 10)
        let full = try await store.search("snow", limit: 40, rankedMatches: Int.max).filter { $0.entryID > 30 }
        #expect(window.map(\.entryID) == full.map(\.entryID))
    }
}
