import Foundation
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

    private func dispatch() async throws {
        guard let command = arguments.first else {
            console.print(Help.overview)
            throw CLIError(code: ExitCode.usage, message: "no command given.", hint: nil)
        }
        let rest = Array(arguments.dropFirst())
        let context = Context(environment: environment, console: console)
        switch command {
        case "--help", "-h", "help":
            if let topic = rest.first, let text = Help.commands[topic] {
                console.print(text)
            } else {
                console.print(Help.overview)
            }
        case "--version", "version":
            console.print("plan \(Help.version)")
        case "add":
            try await AddCommand(context: context).run(rest)
        case "list", "ls":
            try await ListCommand(context: context).run(rest)
        case "show":
            try await ShowCommand(context: context).run(rest)
        case "pack":
            try await PackCommand(context: context).run(rest)
        case "ask":
            try await AskCommand(context: context).run(rest)
        case "history":
            try await HistoryCommand(context: context).run(rest)
        case "replay":
            try await ReplayCommand(context: context).run(rest)
        case "cache":
            try await CacheCommand(context: context).run(rest)
        case "doctor":
            try await DoctorCommand(context: context).run(rest)
        case "rm", "remove", "delete":
            try await RemoveCommand(context: context).run(rest)
        default:
            throw CLIError.usage("unknown command '\(ArgumentParser.printable(command))'.")
        }
    }
}
