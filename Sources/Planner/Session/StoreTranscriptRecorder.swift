import FoundationEssentials
import LanguageModels
import Model
import Store

/// Records into plan's database, one row per entry, at once. Each row keeps the entry's `id`
/// (`transcript_entries.entry_id`), which is how the recorder finds an entry's row again.
public struct StoreTranscriptRecorder: TranscriptRecorder {
    public let store: any TranscriptStore
    public let sessionID: Int

    public init(store: any TranscriptStore, sessionID: Int) {
        self.store = store
        self.sessionID = sessionID
    }

    public func record(_ entry: Transcript.Entry) async throws {
        try await store.appendEntry(
            sessionID: sessionID, kind: entry.kind.rawValue, entryID: entry.id, tool: entry.storedTool,
            text: entry.text, payload: entry.storedPayload?.compactText, tokens: entry.tokens
        )
    }

    public func recordUsage(_ usage: LanguageModelSession.Usage) async throws {
        try await store.addUsage(
            sessionID: sessionID, promptTokens: usage.input.totalTokenCount, completionTokens: usage.output.totalTokenCount
        )
        try await store.addReasoningTokens(sessionID: sessionID, tokens: usage.output.reasoningTokenCount)
    }

    public func dropFromContext(ids: [String]) async throws {
        try await store.dropFromContext(sessionID: sessionID, entryIDs: ids)
    }
}
