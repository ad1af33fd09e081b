import FoundationEssentials
import PlanKit
import Rendering

/// What plan says about itself, beside its commands: its version, the tools a session can call, and the
/// `plan` command that holds every other (the overview's, the man page's and the completion scripts' root).
public enum PlanInfo {
    /// The version `plan --version` prints and the User-Agent carries.
    public static let version = PlanRelease.version

    /// The tools a session can call (`history --tool`).
    public static let toolNames = ["geocode", "forecast"]

    /// `plan` itself: what the tool says about itself, and the commands under it (the command table's, in the
    /// overview's order).
    public static func tool(commands: [CommandInfo]) -> CommandInfo {
        CommandInfo(
            path: [], summary: "packing lists from the weather at your destination",
            discussion: "Dates are YYYY-MM-DD, 'today' or 'tomorrow'. Every command that prints takes --json.",
            parameters: [
                ParameterInfo(kind: .flag, name: "help", valueName: "", help: "This help; 'plan <command> --help' for one"),
                ParameterInfo(kind: .flag, name: "version", valueName: "", help: "The version"),
            ],
            examples: [#"plan pack "Denver, CO" --from 2026-12-03 --to 2026-12-06"#],
            subcommands: commands
        )
    }
}
