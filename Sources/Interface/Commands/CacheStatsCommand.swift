import FoundationEssentials
import Rendering

/// `plan cache stats`: the report of `plan history --usage`.
public struct CacheStatsCommand: RunnableCommand {
    public static let path = ["cache", "stats"]

    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "The cache's size and hit rate, with tokens by model and tool",
            discussion: "Tokens by model and by tool, and the HTTP cache's size and hit rate: the usage report of 'plan history'.",
            parameters: [[.flag("json", \.json, help: "print the usage report as JSON")]],
            section: .history
        )
    }

    public func run(_ context: Context) async throws {
        try await HistoryCommand.usage(json: json, context: context)
    }
}
