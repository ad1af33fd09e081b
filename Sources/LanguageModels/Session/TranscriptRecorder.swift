import FoundationEssentials

/// Where a session writes its entries as they happen.
public protocol TranscriptRecorder: Sendable {
    /// Stores an entry (the recorder keeps its `id`, to find it again).
    func record(_ entry: Transcript.Entry) async throws
    /// Adds token usage reported by the server.
    func recordUsage(_ usage: LanguageModelSession.Usage) async throws
    /// Marks entries, by their `id`, as dropped from the model's context.
    func dropFromContext(ids: [String]) async throws
}

/// Keeps entries in memory only (for sessions nobody needs to read later).
public actor MemoryTranscriptRecorder: TranscriptRecorder {
    public private(set) var entries: [Transcript.Entry] = []
    public private(set) var usage: [LanguageModelSession.Usage] = []

    public init() {}

    public func record(_ entry: Transcript.Entry) async throws {
        entries.append(entry)
    }

    public func recordUsage(_ usage: LanguageModelSession.Usage) async throws {
        self.usage.append(usage)
    }

    public func dropFromContext(ids: [String]) async throws {}
}
