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
        let context = Context(environment: environment, console: console)
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

    /// The code that runs the declared command at `path`. Only that command's declaration is built: building
    /// all of them (their key paths and closures) cost about 2M instructions at every start.
    static func route(for path: [String], context: Context) -> Route? {
        switch path {
        case ["add"]: Route(PlanCommands.add, context: context) { try await AddCommand(context: context).run($0) }
        case ["list"]: Route(PlanCommands.list, context: context) { try await ListCommand(context: context).run($0) }
        case ["show"]: Route(PlanCommands.show, context: context) { try await ShowCommand(context: context).run($0) }
        case ["rm"]: Route(PlanCommands.remove, context: context) { try await RemoveCommand(context: context).run($0) }
        case ["edit"]: Route(PlanCommands.edit, context: context) { try await EditCommand(context: context).run($0) }
        case ["leg"]: Route(PlanCommands.leg, context: context) { _ in }
        case ["leg", "add"]: Route(PlanCommands.legAdd, context: context) { try await LegCommand(context: context).add($0) }
        case ["leg", "rm"]: Route(PlanCommands.legRemove, context: context) { try await LegCommand(context: context).remove($0) }
        case ["pack"]: Route(PlanCommands.pack, context: context) { try await PackCommand(context: context).run($0) }
        case ["ask"]: Route(PlanCommands.ask, context: context) { try await AskCommand(context: context).run($0) }
        case ["replay"]: Route(PlanCommands.replay, context: context) { try await ReplayCommand(context: context).run($0) }
        case ["history"]: Route(PlanCommands.history, context: context) { try await HistoryCommand(context: context).run($0) }
        case ["history", "show"]:
            Route(PlanCommands.historyShow, context: context) { try await HistoryCommand(context: context).show($0) }
        case ["history", "search"]:
            Route(PlanCommands.historySearch, context: context) { try await HistoryCommand(context: context).search($0) }
        case ["cache"]: Route(PlanCommands.cache, context: context) { _ in }
        case ["cache", "prune"]: Route(PlanCommands.cachePrune, context: context) { try await CacheCommand(context: context).prune($0) }
        case ["cache", "stats"]: Route(PlanCommands.cacheStats, context: context) { try await CacheCommand(context: context).stats($0) }
        case ["doctor"]: Route(PlanCommands.doctor, context: context) { try await DoctorCommand(context: context).run($0) }
        case ["completions"]: Route(PlanCommands.completions, context: context) { CompletionsCommand(context: context).run($0) }
        case ["help"]: Route(PlanCommands.help, context: context) { try HelpCommand(context: context).run($0) }
        case ["config"]: Route(PlanCommands.config, context: context) { try await ConfigCommand(context: context).run($0) }
        case ["config", "set"]: Route(PlanCommands.configSet, context: context) { try await ConfigCommand(context: context).set($0) }
        case ["activities"]: Route(PlanCommands.activities, context: context) { ActivitiesCommand(context: context).run($0) }
        case ["__complete"]: Route(PlanCommands.completionQuery, context: context) { await CompletionsCommand(context: context).query($0) }
        case ["check"]: Route(PlanCommands.check, context: context) { try await CheckCommand(context: context).run($0, packed: true) }
        case ["uncheck"]: Route(PlanCommands.uncheck, context: context) { try await CheckCommand(context: context).run($0, packed: false) }
        case ["item"]: Route(PlanCommands.item, context: context) { _ in }
        case ["item", "add"]: Route(PlanCommands.itemAdd, context: context) { try await ItemCommand(context: context).add($0) }
        case ["item", "rm"]: Route(PlanCommands.itemRemove, context: context) { try await ItemCommand(context: context).remove($0) }
        case ["prefs"]: Route(PlanCommands.prefs, context: context) { try await PrefsCommand(context: context).run($0) }
        case ["prefs", "rm"]: Route(PlanCommands.prefsRemove, context: context) { try await PrefsCommand(context: context).remove($0) }
        default: nil
        }
    }

    private func dispatch(_ context: Context) async throws {
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
            if arguments.dropFirst().contains("--json") {
                context.printJSON(["version": .string(PlanCommands.version)])
            } else {
                console.print("plan \(PlanCommands.version)")
            }
            return
        default:
            break
        }
        guard let (command, rest) = PlanCommands.resolve(arguments) else {
            let known = PlanCommands.index.flatMap(\.words).filter { !$0.hasPrefix("_") }
            throw CLIError.usage("unknown command '\(ArgumentText.printable(first))'." + Suggestion.phrase(for: first, among: known))
        }
        guard let route = Self.route(for: command.path, context: context), route.info.path == command.path else {
            throw CLIError(code: ExitCode.software, message: "'\(command.name)' has no code to run it.", hint: nil)
        }
        try await route.run(rest)
    }
}
