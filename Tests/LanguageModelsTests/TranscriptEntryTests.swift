import Foundation
import JSON
import LanguageModels
import Testing

/// `Transcript.Entry`'s cases: the accessors every case shares, and the stored form (kind, tool, text,
/// payload, tokens) read back into the same case, with no database.
@Suite struct TranscriptEntryTests {
    struct Answer: ToolAnswer, Equatable {
        var word: String
        var text: String { "answer: \(word)" }
        static var answerType: String { "Answer" }
    }

    static let call = ToolCall(id: "c1", name: "echo", arguments: ["word": "hi"])

    static let everyCase: [Transcript.Entry] = [
        .instructions(Transcript.Instructions(text: "Be brief.")),
        .prompt(Transcript.Prompt(text: "Pack.", payload: ["trip": 1])),
        .toolCalls(Transcript.ToolCalls([call])),
        .toolOutput(AnyToolAnswer(Answer(word: "hi")).output(for: call)),
        .toolOutput(Transcript.ToolOutput(toolName: "echo", callID: "c1", text: "Error: no")),
        .response(Transcript.Response(text: #"{"n":1}"#, content: ["n": 1])),
        .reasoning(Transcript.Reasoning(text: "Hmm.")),
        .summary(Transcript.Summary(text: "Earlier: cold.")),
        .annotation(Transcript.Annotation(kind: Transcript.Kind(rawValue: "verdict"), text: "kept", payload: ["kept": 1])),
    ]

    @Test func everyCaseSetsItsTokensAndID() {
        for (index, entry) in Self.everyCase.enumerated() {
            var entry = entry
            entry.tokens = index + 10
            entry.id = "entry-\(index)"
            #expect(entry.tokens == index + 10 && entry.id == "entry-\(index)", "\(entry)")
            #expect(entry.kind == Self.everyCase[index].kind && entry.text == Self.everyCase[index].text)
        }
        // Every kind of the framework's, and the application's own annotation under its name.
        #expect(Set(Self.everyCase.map(\.kind)) == Set(Transcript.Kind.framework + [Transcript.Kind(rawValue: "verdict")]))
        #expect(Self.everyCase.filter { !$0.kind.isFramework }.count == 1)
        // Each entry has its own id from the start, as Foundation Models 27's entries.
        #expect(Set(Self.everyCase.map(\.id)).count == Self.everyCase.count)
    }

    @Test func everyCaseReadsBackFromItsStoredForm() {
        for entry in Self.everyCase {
            var entry = entry
            entry.tokens = 7
            let read = Transcript.Entry(
                kind: entry.kind, text: entry.text, tool: entry.storedTool, storedPayload: entry.storedPayload?.compactText,
                tokens: 7, id: entry.id
            )
            #expect(read == entry)
        }
    }

    @Test func aTranscriptRoundTripsThroughJSON() throws {
        let transcript = Transcript(entries: Self.everyCase.enumerated().map { index, entry in
            var entry = entry
            entry.tokens = index
            return entry
        })
        let data = try JSONEncoder().encode(transcript)
        let decoded = try JSONDecoder().decode(Transcript.self, from: data)
        #expect(decoded == transcript)
        #expect(decoded.entries.map(\.id) == transcript.entries.map(\.id))
        // Each entry is its kind's stored name beside its value.
        let first = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(Self.everyCase[1]))
        #expect(first["kind"] == "prompt" && first["value"]?["text"] == "Pack." && first["value"]?["id"]?.stringValue == Self.everyCase[1].id)
    }

    @Test func aToolsTypedAnswerIsRecordedWithItsTextTypeAndValue() throws {
        guard case let .toolOutput(output) = Self.everyCase[3] else { Issue.record("no output"); return }
        #expect(output.text == "answer: hi")
        #expect(output.answerType == "Answer" && output.payload == ["word": "hi"])
        #expect(output.answer(Answer.self)?.word == "hi")
        #expect(output.answer(String.self) == nil)
        #expect(Self.everyCase[3].storedPayload == ["callID": "c1", "payload": ["word": "hi"], "type": "Answer"])
        // A text-only output stores no type, as before answers were typed.
        #expect(Self.everyCase[4].storedPayload == ["callID": "c1", "payload": .null])
    }

    @Test func aPayloadThatIsNotJSONOrNotOfTheCasesShapeReadsAsNone() {
        let calls = Transcript.Entry(kind: .toolCalls, text: "x()", tool: "x", storedPayload: "{broken", tokens: 1, id: "a")
        guard case let .toolCalls(value) = calls else { Issue.record("\(calls)"); return }
        #expect(value.calls.isEmpty && value.text == "x()")
        let output = Transcript.Entry(kind: .toolOutput, text: "t", tool: nil, storedPayload: "[1,2]", tokens: 1, id: "b")
        guard case let .toolOutput(read) = output else { Issue.record("\(output)"); return }
        #expect(read.toolName == "" && read.callID == nil && read.payload == nil && read.answerType == nil)
    }
}
