import FoundationEssentials
import Interface
import PlanKit

/// Parses the command line, runs one command and turns every failure into a message and an exit code.
struct CLI {
    let arguments: [String]
    let environment: [String: String]
    let console: Console

    init(arguments: [String], environment: [String: String]) {
        self.arguments = arguments
        self.environment = environment
        self.console = Console(environment: environment)
    }

    func run() async -> Int32 {
        let context = Context(environment: environment, console: console, commands: .plan)
        do {
            try await dispatch(context)
            await context.finish()
            return ExitCode.success
        } catch {
            await context.finish()
            console.endProgress()
            let report = ErrorReport(error)
            console.warn("plan: " + report.message)
            if let hint = report.hint { console.warn(hint) }
            return report.code
        }
    }

    private func dispatch(_ context: Context) async throws {
        guard let first = arguments.first else {
            HelpCommand.printOverview(context)
            throw CLIError(code: ExitCode.usage, message: "no command given.", hint: nil)
        }
        if first == "--help" || first == "-h" {
            HelpCommand.printOverview(context)
            return
        }
        guard let (row, rest) = CommandTable.plan.resolve(arguments) else {
            throw CLIError.usage(
                "unknown command '\(ArgumentText.printable(first))'." + CommandTable.plan.suggestion(for: first)
            )
        }
        try await row.route().run(context, rest)
    }
}
