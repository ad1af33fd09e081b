import Foundation
import LanguageModels
import Store

/// Records into plan's database, one row per entry, at once.
public struct StoreTranscriptRecorder: TranscriptRecorder {
    public let store: Store
    public let sessionID: Int

    public init(store: Store, sessionID: Int) {
        self.store = store
        self.sessionID = sessionID
    }

    public func record(_ entry: Transcript.Entry) async throws -> Int {
        let stored = try await store.appendEntry(
            sessionID: sessionID, kind: EntryKind(entry.kind), tool: entry.storedTool,
            text: entry.text, payload: entry.storedPayload?.compactText, tokens: entry.tokens
        )
        return stored.seq
    }

    public func recordUsage(_ usage: LanguageModelSession.Usage) async throws {
        try await store.addUsage(
            sessionID: sessionID, promptTokens: usage.input.totalTokenCount, completionTokens: usage.output.totalTokenCount
        )
        try await store.addReasoningTokens(sessionID: sessionID, tokens: usage.output.reasoningTokenCount)
    }

    public func dropFromContext(seqs: [Int]) async throws {
        try await store.dropFromContext(sessionID: sessionID, seqs: seqs)
    }
}
