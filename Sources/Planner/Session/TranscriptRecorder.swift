import Foundation
import Store

/// Where a session writes its entries as they happen.
public protocol TranscriptRecorder: Sendable {
    /// Stores an entry and returns its sequence number.
    func record(_ entry: Transcript.Entry) async throws -> Int
    /// Adds token usage reported by the server.
    func recordUsage(_ usage: TokenUsage) async throws
    /// Marks entries as dropped from the model's context.
    func dropFromContext(seqs: [Int]) async throws
}

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
            sessionID: sessionID, kind: entry.kind, tool: entry.toolName ?? entry.toolCalls.first?.name,
            text: entry.text, payload: entry.storedPayload?.compactText, tokens: entry.tokens
        )
        return stored.seq
    }

    public func recordUsage(_ usage: TokenUsage) async throws {
        try await store.addUsage(
            sessionID: sessionID, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens
        )
        try await store.addReasoningTokens(sessionID: sessionID, tokens: usage.reasoningTokens)
    }

    public func dropFromContext(seqs: [Int]) async throws {
        try await store.dropFromContext(sessionID: sessionID, seqs: seqs)
    }
}

/// Keeps entries in memory only (for sessions nobody needs to read later).
public actor MemoryTranscriptRecorder: TranscriptRecorder {
    public private(set) var entries: [Transcript.Entry] = []
    public private(set) var usage: [TokenUsage] = []

    public init() {}

    public func record(_ entry: Transcript.Entry) async throws -> Int {
        entries.append(entry)
        return entries.count - 1
    }

    public func recordUsage(_ usage: TokenUsage) async throws {
        self.usage.append(usage)
    }

    public func dropFromContext(seqs: [Int]) async throws {}
}
