import FoundationEssentials
import Rendering

/// `plan --version` and `plan version`: the version, or `{"version": …}` with `--json`. Hidden: the overview
/// shows `--version` as plan's own flag.
public struct VersionCommand: RunnableCommand {
    public static let path = ["version"]
    public static let aliases = ["--version"]

    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, aliases: aliases, summary: "The version",
            parameters: [[.flag("json", \.json, help: #"print {"version": ...}"#)]],
            isHidden: true
        )
    }

    public func run(_ context: Context) async throws {
        if json {
            context.printJSON(["version": .string(PlanInfo.version)])
        } else {
            context.console.print("plan \(PlanInfo.version)")
        }
    }
}
