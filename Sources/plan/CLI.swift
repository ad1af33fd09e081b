import Foundation
import Interface
import Store

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
        do {
            try await dispatch()
            return ExitCode.success
        } catch {
            console.endProgress()
            let report = ErrorReport(error)
            console.warn("plan: " + report.message)
            if let hint = report.hint { console.warn(hint) }
            return report.code
        }
    }

    /// Every declared command with the code that runs it.
    static func routes(_ context: Context) -> [Route] {
        [
            Route(PlanCommands.add, context: context) { try await AddCommand(context: context).run($0) },
            Route(PlanCommands.list, context: context) { try await ListCommand(context: context).run($0) },
            Route(PlanCommands.show, context: context) { try await ShowCommand(context: context).run($0) },
            Route(PlanCommands.remove, context: context) { try await RemoveCommand(context: context).run($0) },
            Route(PlanCommands.pack, context: context) { try await PackCommand(context: context).run($0) },
            Route(PlanCommands.ask, context: context) { try await AskCommand(context: context).run($0) },
            Route(PlanCommands.replay, context: context) { try await ReplayCommand(context: context).run($0) },
            Route(PlanCommands.history, context: context) { try await HistoryCommand(context: context).run($0) },
            Route(PlanCommands.historyShow, context: context) { try await HistoryCommand(context: context).show($0) },
            Route(PlanCommands.historySearch, context: context) { try await HistoryCommand(context: context).search($0) },
            Route(PlanCommands.cache, context: context) { _ in },
            Route(PlanCommands.cachePrune, context: context) { try await CacheCommand(context: context).prune($0) },
            Route(PlanCommands.cacheStats, context: context) { try await CacheCommand(context: context).stats($0) },
            Route(PlanCommands.doctor, context: context) { try await DoctorCommand(context: context).run($0) },
            Route(PlanCommands.completions, context: context) { CompletionsCommand(context: context).run($0) },
            Route(PlanCommands.help, context: context) { HelpCommand(context: context).run($0) },
            Route(PlanCommands.completionQuery, context: context) { await CompletionsCommand(context: context).query($0) },
        ]
    }

    private func dispatch() async throws {
        let context = Context(environment: environment, console: console)
        let help = HelpCommand(context: context)
        guard let first = arguments.first else {
            help.printOverview()
            throw CLIError(code: ExitCode.usage, message: "no command given.", hint: nil)
        }
        switch first {
        case "--help", "-h":
            help.printOverview()
            return
        case "--version", "version":
            console.print("plan \(PlanCommands.version)")
            return
        default:
            break
        }
        guard let (command, rest) = PlanCommands.resolve(arguments) else {
            throw CLIError.usage("unknown command '\(ArgumentText.printable(first))'.")
        }
        guard let route = Self.routes(context).first(where: { $0.info.path == command.path }) else {
            throw CLIError(code: ExitCode.software, message: "'\(command.name)' has no code to run it.", hint: nil)
        }
        try await route.run(rest)
    }
}
