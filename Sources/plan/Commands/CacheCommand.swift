import Foundation
import Store

/// `plan cache prune` and `plan cache stats`.
struct CacheCommand {
    let context: Context
    static let spec = CommandSpec(name: "cache", valueOptions: [], flags: ["json"], positionals: 1...1)

    func run(_ arguments: [String]) async throws {
        let parsed = try ArgumentParser.parse(arguments, spec: Self.spec)
        if context.printHelpIfAsked(parsed, command: "cache") { return }
        switch parsed.positionals[0] {
        case "prune":
            let store = try context.openStore()
            let freed = try await store.pruneCache()
            if parsed.has("json") {
                context.printJSON(["entries": .number(Double(freed.entries)), "bytes": .number(Double(freed.bytes))])
            } else {
                context.console.print("Dropped \(freed.entries) expired entries (\(freed.bytes / 1024) KiB). Forecasts pinned to trips are kept.")
            }
        case "stats":
            try await HistoryCommand(context: context).run(["--usage"] + (parsed.has("json") ? ["--json"] : []))
        default:
            throw CLIError.usage("unknown cache command '\(ArgumentParser.printable(parsed.positionals[0]))'; use prune or stats.", command: "cache")
        }
    }
}
