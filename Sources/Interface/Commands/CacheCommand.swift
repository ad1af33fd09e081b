import FoundationEssentials
import Rendering

/// `plan cache`: the HTTP cache. It only names its subcommands, `prune` and `stats`.
public struct CacheCommand: RunnableCommand {
    public static let path = ["cache"]

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "The HTTP cache",
            discussion: """
                prune drops expired HTTP cache entries and says what it freed; forecasts pinned to
                trips live apart and are never pruned. stats reports tokens by model and tool and the
                cache's size and hit rate.
                """,
            overview: [.init("cache prune", "Drop expired cache entries")],
            section: .history,
            isGroup: true
        )
    }

    public static var subcommands: [any RunnableCommand.Type] { [CachePruneCommand.self, CacheStatsCommand.self] }

    /// Never called: a group's parser asks for one of its subcommands.
    public func run(_ context: Context) async throws {}
}
