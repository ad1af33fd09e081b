import Foundation

/// `plan help [<command>]`, `plan help --man`, and every `--help`.
public struct HelpCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    /// The overview, a command's help, or the man page.
    public func run(_ arguments: PlanArguments.Help) throws {
        if arguments.man {
            context.console.printDocument(ManPage.render(
                context.commands.tool, version: PlanInfo.version, environment: PlanReference.environment,
                exitCodes: PlanReference.exitCodes
            ))
        } else if let found = context.commands.resolve(arguments.topic), found.rest.isEmpty, case let info = found.row.route().info,
                  !info.isHidden {
            printHelp(info)
        } else if arguments.topic.isEmpty {
            printOverview()
        } else {
            // `plan help nosuch` is a usage error (64), as `plan nosuch` is.
            throw CLIError.usage("no command '\(ArgumentText.printable(arguments.topic.joined(separator: " ")))'; `plan help` lists them.")
        }
    }

    /// `plan --help`.
    public func printOverview() {
        context.console.printText(HelpText.overview(context.commands.tool, environment: PlanReference.environment))
    }

    /// `plan <command> --help`.
    public func printHelp(_ command: CommandInfo) {
        context.console.printText(HelpText.command(command))
    }
}
