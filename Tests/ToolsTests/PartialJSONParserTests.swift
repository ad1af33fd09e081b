import Foundation
import Store
import Testing
@testable import Tools

@Suite struct PartialJSONParserTests {
    /// A recorded SmolLM2 answer (guided, through llama-server), with escapes and non-ASCII text added.
    static let answer = #"{"response":{"items":[{"category":"Clothing","name":"Rain jacket","quantity":1,"reason":"80% chance of rain Tue Dec 1 \u2614 \"wet\"","weather":true},{"category":"Footwear","name":"Boots – waterproof 🥾","quantity":null,"reason":"Wet trails","weather":false}],"notices":["Dec 5: no forecast"]}}"#

    @Test func everyBytePrefixParsesToAMonotoneSequence() throws {
        let bytes = Array(Self.answer.utf8)
        var last: GeneratedContent?
        var snapshots = 0
        for end in 0...bytes.count {
            guard let content = PartialJSONParser.parse(bytes: Array(bytes[0..<end])) else {
                #expect(last == nil, "once something parsed, a longer prefix never parses to nothing (at \(end))")
                continue
            }
            if let last {
                #expect(content.extends(last), "the prefix of \(end) bytes takes something back")
            }
            if content != last { snapshots += 1 }
            last = content
        }
        let final = try #require(last)
        #expect(final.isComplete)
        #expect(final.json == (try JSONValue.parse(Self.answer)))
        #expect(snapshots > 50)
    }

    @Test func itemsAppearOnlyWhenComplete() throws {
        let cut = try #require(Self.answer.range(of: "\"Footwear\""))
        let content = try #require(PartialJSONParser.parse(String(Self.answer[..<cut.upperBound])))
        let snapshot = GeneratedSnapshot<PackingLike>(content: try #require(content["response"]))
        #expect(snapshot.completedElements(\.items).map(\.name) == ["Rain jacket"])
        #expect(snapshot.elements(\.items).count == 2)
        #expect(snapshot.elements(\.items).last?.text(\.category) == "Footwear")
        #expect(snapshot.elements(\.items).last?[\.name] == nil)
    }

    @Test func numbersAndLiteralsWaitUntilTheyEnd() {
        #expect(PartialJSONParser.parse(#"{"a":12"#) == .object([], isComplete: false))
        #expect(PartialJSONParser.parse(#"{"a":12,"#) == .object([.init(key: "a", value: .number(12))], isComplete: false))
        #expect(PartialJSONParser.parse(#"{"a":tr"#) == .object([], isComplete: false))
        #expect(PartialJSONParser.parse(#"{"a":"x\"#) == .object([.init(key: "a", value: .string("x", isComplete: false))], isComplete: false))
        #expect(PartialJSONParser.parse(#"{"a":"\u00"#)?["a"] == .string("", isComplete: false))
    }

    @Test func garbageAndDepthNeverTrap() {
        for text in ["}", "{]", "[,,]", "{\"a\" 1}", "{\"a\":-}", "[" + String(repeating: "[", count: 10_000), "\"\\q\"", "nul", "{\"a\":1e999,"] {
            _ = PartialJSONParser.parse(text)
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = PartialJSONParser.parse(bytes: bytes)
        }
    }
}

/// The packing answer's shape, as Tools sees it (the real type lives in Planner).
struct PackingLike: Generable {
    struct Item: Generable {
        var category: String
        var name: String
        var quantity: Int?
        var reason: String
        var weather: Bool
        static let generationSchema = GenerationSchema.object(Item.self, [
            .init(\.category, "category"), .init(\.name, "name"), .init(\.quantity, "quantity"), .init(\.reason, "reason"),
            .init(\.weather, "weather"),
        ])
    }

    var items: [Item]
    var notices: [String]
    static let generationSchema = GenerationSchema.object(PackingLike.self, [.init(\.items, "items"), .init(\.notices, "notices")])
}
