import FoundationEssentials
import Model

/// What `history --usage` and `plan cache stats` report: tokens by model, tool and session, the HTTP cache's
/// counters, and reasoning tokens by model.
public struct UsageReport: Sendable {
    public var models: [(model: String, sessions: Int, promptTokens: Int, completionTokens: Int, transcriptTokens: Int)]
    public var tools: [(tool: String, calls: Int, tokens: Int)]
    public var sessions: [(session: Int, trip: Int?, model: String, transcriptTokens: Int, promptTokens: Int, completionTokens: Int)]
    public var cache: CacheStatistics
    public var reasoning: [String: Int]
}
