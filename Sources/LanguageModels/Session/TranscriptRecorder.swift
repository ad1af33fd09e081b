import Foundation

/// Where a session writes its entries as they happen.
public protocol TranscriptRecorder: Sendable {
    /// Stores an entry and returns its sequence number.
    func record(_ entry: Transcript.Entry) async throws -> Int
    /// Adds token usage reported by the server.
    func recordUsage(_ usage: LanguageModelSession.Usage) async throws
    /// Marks entries as dropped from the model's context.
    func dropFromContext(seqs: [Int]) async throws
}

/// Keeps entries in memory only (for sessions nobody needs to read later).
public actor MemoryTranscriptRecorder: TranscriptRecorder {
    public private(set) var entries: [Transcript.Entry] = []
    public private(set) var usage: [LanguageModelSession.Usage] = []

    public init() {}

    public func record(_ entry: Transcript.Entry) async throws -> Int {
        entries.append(entry)
        return entries.count - 1
    }

    public func recordUsage(_ usage: LanguageModelSession.Usage) async throws {
        self.usage.append(usage)
    }

    public func dropFromContext(seqs: [Int]) async throws {}
}
