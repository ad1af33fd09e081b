import FoundationEssentials
import Rendering

/// `plan cache prune`: drops expired HTTP cache entries.
public struct CachePruneCommand: RunnableCommand {
    public static let path = ["cache", "prune"]

    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Drop expired cache entries",
            discussion: """
                Drops expired HTTP cache entries and says what it freed; forecasts pinned to
                trips live apart and are never pruned.
                """,
            parameters: [[.flag("json", \.json, help: #"print {"entries": <n>, "bytes": <n>}"#)]],
            section: .history
        )
    }

    public func run(_ context: Context) async throws {
        let freed = try await context.app.pruneCache()
        if json {
            context.printJSON(["entries": .number(Double(freed.entries)), "bytes": .number(Double(freed.bytes))])
        } else {
            context.console.print("Dropped \(freed.entries) expired entries (\(freed.bytes / 1024) KiB). Forecasts pinned to trips are kept.")
        }
    }
}
