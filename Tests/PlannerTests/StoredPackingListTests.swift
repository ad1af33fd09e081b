import Foundation
import Model
import Planner
import TestSupport
import Testing

/// A stored list read by plan's own reader (`PackingList.fromJSON`) is exactly what `JSONDecoder` reads, and a
/// document the reader does not take is decided by `JSONDecoder` (the same value or the same refusal).
@Suite struct StoredPackingListTests {
    /// The list, or the type of the error (the same error type means the same refusal).
    static func decoded(_ text: String) -> String {
        do { return "\(try JSONDecoder().decode(PackingList.self, from: Data(text.utf8)))" } catch { return "\(type(of: error))" }
    }

    static func read(_ text: String) -> String {
        do { return "\(try PackingList.fromJSON(text))" } catch { return "\(type(of: error))" }
    }

    @Test func aStoredListReadsBackAsItWasWritten() throws {
        let seed = UInt64(ProcessInfo.processInfo.environment["PLAN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20261202)
        print("StoredPackingListTests seed \(seed) (PLAN_FUZZ_SEED repeats it)")
        var generator = SplitMix64(seed: seed)
        let names = ["Rain jacket", "Socks \"wool\"", "Ünterwäsche", "Sunscreen SPF 50 🧴", "Tab\there", "Back\\slash", ""]
        for _ in 0..<200 {
            let items = (0..<Int.random(in: 0...12, using: &generator)).map { _ in
                PackingItem(
                    category: names.randomElement(using: &generator) ?? "", name: names.randomElement(using: &generator) ?? "",
                    quantity: Bool.random(using: &generator) ? Int.random(in: 0...40, using: &generator) : nil,
                    reason: names.randomElement(using: &generator) ?? "", weather: Bool.random(using: &generator),
                    origin: Bool.random(using: &generator) ? PackingItem.Origin.allCases.randomElement(using: &generator) : nil
                )
            }
            let review = Bool.random(using: &generator) ? PackingReview(
                model: "m", answered: items.count, kept: items.count / 2, merged: ["a"], added: [],
                dropped: [.init(name: "x", reason: "y")], demoted: ["z"], fallback: Bool.random(using: &generator) ? "cut" : nil
            ) : nil
            let list = PackingList(items: items, notices: Bool.random(using: &generator) ? ["No forecast for Sat"] : [], review: review)
            let text = try list.jsonText()
            #expect(PackingList.read(stored: text) == list)
            #expect(try PackingList.fromJSON(text) == list)
        }
    }

    @Test(arguments: [
        #"{"items":[],"notices":[]}"#,
        #"{"items":[{"category":"C","name":"N","reason":"R","weather":false,"quantity":2.0}],"notices":[]}"#,
        #"{"items":[{"category":"C","name":"N","reason":"R","weather":false,"quantity":2.5}],"notices":[]}"#,
        #"{"items":[{"category":"C","name":"N","reason":"R","weather":false,"quantity":null,"origin":null}],"notices":[],"review":null}"#,
        #"{"items":[{"category":"C","name":"N","reason":"R","weather":false,"origin":"wizard"}],"notices":[]}"#,
        #"{"items":[{"category":"C","name":"N","reason":"R"}],"notices":[]}"#,
        #"{"items":[{"category":"C","name":"N","reason":"R","weather":0}],"notices":[]}"#,
        #"{"items":[],"notices":[1]}"#,
        #"{"items":[],"notices":[]} trailing"#,
        #"{"items":[],"notices":[],"extra":{"deep":[1,2,3]}}"#,
        #"{"items":[],"notices":[],"review":{"model":"m","answered":1,"kept":1,"merged":[],"added":[],"dropped":[],"demoted":[]}}"#,
        #"{"items":[],"notices":[],"review":{"model":"m","answered":1,"kept":1}}"#,
        #"{"items":[{"category":"C","name":"N","reason":"R","weather":true,"quantity":1e20}],"notices":[]}"#,
        #"{"items":[],"notices":[]"#,
        "",
    ])
    func anOddDocumentIsDecidedAsJSONDecoderDecidesIt(_ text: String) {
        #expect(Self.read(text) == Self.decoded(text), "\(text)")
        // plan's reader either reads what JSONDecoder reads or declines.
        if let fast = PackingList.read(stored: text) {
            #expect("\(fast)" == Self.decoded(text), "\(text)")
        }
    }
}
