import Foundation

/// `plan cache prune` and `plan cache stats`.
public struct CacheCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    /// `plan cache prune`: drops expired HTTP cache entries.
    public func prune(_ arguments: PlanArguments.Cache) async throws {
        let store = try context.openStore()
        let freed = try await store.pruneCache()
        if arguments.json {
            context.printJSON(["entries": .number(Double(freed.entries)), "bytes": .number(Double(freed.bytes))])
        } else {
            context.console.print("Dropped \(freed.entries) expired entries (\(freed.bytes / 1024) KiB). Forecasts pinned to trips are kept.")
        }
    }

    /// `plan cache stats`: the report of `plan history --usage`.
    public func stats(_ arguments: PlanArguments.Cache) async throws {
        let store = try context.openStore()
        try await HistoryCommand(context: context).usage(store: store, json: arguments.json)
    }
}
