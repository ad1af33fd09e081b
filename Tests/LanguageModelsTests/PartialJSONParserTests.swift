import Foundation
import JSON
@testable import LanguageModels
import TestSupport
import Testing

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

    /// Found by the fuzz below (seed 18437150748050921677): an item with its keys given twice read "Footwear" in
    /// the draft and "Clohing" in the parsed answer.
    @Test func aKeyGivenTwiceKeepsItsFirstValueInBothParsers() throws {
        let text = #"{"category":"Clothing","name":"Rain jacket","category":"Footwear","n":[1,{"a":1,"a":2}]}"#
        let draft = try #require(PartialJSONParser.parse(text))
        let parsed = try JSONValue.parse(text)
        #expect(draft.json == parsed)
        #expect(draft["category"]?.text == "Clothing")
        #expect(parsed["category"] == .string("Clothing"))
        #expect(draft["n"]?.elements?.last?["a"]?.json == .number(1))
    }

    @Test func garbageAndDepthNeverTrap() {
        for text in ["}", "{]", "[,,]", "{\"a\" 1}", "{\"a\":-}", "[" + String(repeating: "[", count: 10_000), "\"\\q\"", "nul", "{\"a\":1e999,"] {
            _ = PartialJSONParser.parse(text)
        }
        // Seeded, so a failure can be replayed: PLAN_FUZZ_SEED=<the printed seed> swift test --filter PartialJSON.
        let seed = ProcessInfo.processInfo.environment["PLAN_FUZZ_SEED"].flatMap(UInt64.init) ?? UInt64.random(in: 1...UInt64.max)
        print("PartialJSONParserTests fuzz seed \(seed)")
        var generator = SplitMix64(seed: seed)
        let answer = Array(Self.answer.utf8)
        var valid = 0
        for round in 0..<1_000 {
            // Half random bytes, half the recorded answer with a few bytes changed, dropped or added.
            var bytes: [UInt8]
            if round % 2 == 0 {
                bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            } else {
                bytes = answer
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    let at = Int.random(in: 0..<max(1, bytes.count), using: &generator)
                    guard at < bytes.count else { break }
                    switch Int.random(in: 0...2, using: &generator) {
                    case 0: bytes[at] = UInt8.random(in: 0...255, using: &generator)
                    case 1: bytes.remove(at: at)
                    default: bytes.insert(Array(#"{}[]",:"#.utf8).randomElement(using: &generator) ?? 0, at: at)
                    }
                }
                if round % 4 == 1 { bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator))) }
            }
            let parsed = PartialJSONParser.parse(bytes: bytes)
            #expect(parsed == PartialJSONParser.parse(bytes: bytes), "seed \(seed), round \(round): two parses differ")
            // Where the input is a whole JSON document, the partial parser reads it whole and alike.
            if let text = String(validating: bytes, as: UTF8.self), let json = try? JSONValue.parse(text), case .object = json {
                valid += 1
                #expect(parsed?.isComplete == true, "seed \(seed), round \(round): \(text)")
                #expect(parsed?.json == json, "seed \(seed), round \(round): \(text)")
            }
        }
        print("PartialJSONParserTests fuzz: \(valid) of 1,000 inputs were whole JSON objects")
        #expect(valid > 0, "seed \(seed): no changed answer stayed JSON, so the whole-document check never ran")
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
