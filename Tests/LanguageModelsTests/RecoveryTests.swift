import Foundation
@testable import LanguageModels
import Testing

@Suite struct RecoveryTests {
    static func transcript() -> Transcript {
        Transcript(entries: [
            .instructions(Transcript.Instructions(text: "rules", tokens: 5, id: "e0")),
            .prompt(Transcript.Prompt(text: "first", tokens: 5, id: "e1")),
            .response(Transcript.Response(text: "answer one", tokens: 5, id: "e2")),
            .prompt(Transcript.Prompt(text: "second", tokens: 5, id: "e3")),
            .toolCalls(Transcript.ToolCalls([ToolCall(id: "c1", name: "echo", arguments: [:])], text: "echo(a)", tokens: 5, id: "e4")),
            .toolOutput(Transcript.ToolOutput(toolName: "echo", callID: "c1", text: "out a", tokens: 500, id: "e5")),
            .toolCalls(Transcript.ToolCalls([ToolCall(id: "c2", name: "echo", arguments: [:])], text: "echo(b)", tokens: 5, id: "e6")),
            .toolOutput(Transcript.ToolOutput(toolName: "echo", callID: "c2", text: "out b", tokens: 500, id: "e7")),
        ])
    }

    @Test func condenseKeepsInstructionsThePromptAndTheLastCallWithItsOutput() {
        let condensed = ContextRecovery.condensed(Self.transcript(), strategy: .condense)
        #expect(condensed.entries.map(\.text) == ["rules", "second", "echo(b)", "out b"])
        // Carried with their ids: the new session records them as its own entries.
        #expect(condensed.entries.map(\.id) == ["e0", "e3", "e6", "e7"])
    }

    @Test func freshKeepsInstructionsAndThePrompt() {
        let condensed = ContextRecovery.condensed(Self.transcript(), strategy: .fresh)
        #expect(condensed.entries.map(\.text) == ["rules", "second"])
    }

    @Test func summarizeAddsOneSummaryEntry() {
        let condensed = ContextRecovery.condensed(Self.transcript(), strategy: .summarize, summary: "it was cold")
        #expect(condensed.entries.map(\.kind) == [.instructions, .summary, .prompt, .toolCalls, .toolOutput])
        let older = ContextRecovery.entriesToSummarize(Self.transcript()).map(\.text)
        #expect(older == ["first", "answer one", "echo(a)", "out a"])
    }

    @Test func aToolCallIsNeverSeparatedFromItsOutput() {
        var entries = Self.transcript().entries
        entries.removeLast()  // the last call has no output yet
        let condensed = ContextRecovery.condensed(Transcript(entries: entries), strategy: .condense)
        let calls = condensed.entries.filter { $0.kind == .toolCalls }
        let outputs = condensed.entries.filter { $0.kind == .toolOutput }
        // The unanswered call is dropped; the last complete pair is kept whole.
        #expect(calls.map(\.text) == ["echo(a)"])
        #expect(outputs.map(\.text) == ["out a"])
    }

    @Test func theHistoryTransformsAreTheStrategiesUnderTheUtilitiesNames() {
        let transcript = Self.transcript()
        #expect(ContextRecovery.rollingWindow(transcript) == ContextRecovery.condensed(transcript, strategy: .condense))
        #expect(ContextRecovery.droppingCompletedToolCalls(transcript).entries.map(\.text) == ["rules", "second"])
        let summarized = ContextRecovery.summarizeHistory(transcript, summary: "it was cold")
        #expect(summarized.entries.map(\.text) == ["rules", "it was cold", "second", "echo(b)", "out b"])
        #expect(!summarized.entries.contains { $0.kind == .toolOutput && $0.text == "out a" })
    }
}
