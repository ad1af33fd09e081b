import Foundation
import Interface

/// `plan help [<command>]`, `plan help --man`, and every `--help`.
struct HelpCommand {
    let context: Context

    /// The overview, a command's help, or the man page.
    func run(_ arguments: PlanArguments.Help) throws {
        if arguments.man {
            context.console.printDocument(ManPage.render(
                CommandTable.tool, version: PlanCommands.version, environment: PlanReference.environment,
                exitCodes: PlanReference.exitCodes
            ))
        } else if let found = CommandTable.resolve(arguments.topic), found.rest.isEmpty, case let info = found.row.route().info,
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
    func printOverview() {
        context.console.printText(HelpText.overview(CommandTable.tool, environment: PlanReference.environment))
    }

    /// `plan <command> --help`.
    func printHelp(_ command: CommandInfo) {
        context.console.printText(HelpText.command(command))
    }
}
