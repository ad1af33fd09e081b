import FoundationEssentials
import Rendering

/// `plan help [<command>]`, `plan help --man`; and every `--help`, printed by its static functions.
public struct HelpCommand: RunnableCommand {
    public static let path = ["help"]

    public var topic: [String] = []
    public var man = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Help for plan or one command; --man: the manual page",
            discussion: "Prints the help of plan or of one command; with --man, the manual page in roff.",
            parameters: [[
                .words("command", \.topic, help: "the command to explain", maximum: 2, required: false,
                       completion: .commands),
                .flag("man", \.man, help: "print the manual page (roff) instead"),
            ]],
            overview: [.init("help --man", "The manual page (plan help --man > plan.1; man -l plan.1)")],
            examples: ["plan help --man > plan.1 && man -l plan.1"]
        )
    }

    /// The overview, a command's help, or the man page.
    public func run(_ context: Context) async throws {
        if man {
            context.console.printDocument(ManPage.render(
                context.commands.tool, version: PlanInfo.version, environment: PlanReference.environment,
                exitCodes: PlanReference.exitCodes
            ))
        } else if let found = context.commands.resolve(topic), found.rest.isEmpty, case let info = found.row.route().info,
                  !info.isHidden {
            Self.printHelp(info, context: context)
        } else if topic.isEmpty {
            Self.printOverview(context)
        } else {
            // `plan help nosuch` is a usage error (64), as `plan nosuch` is.
            throw CLIError.usage("no command '\(ArgumentText.printable(topic.joined(separator: " ")))'; `plan help` lists them.")
        }
    }

    /// `plan --help`.
    public static func printOverview(_ context: Context) {
        context.console.printText(HelpText.overview(context.commands.tool, environment: PlanReference.environment))
    }

    /// `plan <command> --help`.
    public static func printHelp(_ command: CommandInfo, context: Context) {
        context.console.printText(HelpText.command(command))
    }
}
