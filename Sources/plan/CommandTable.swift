import Foundation
import Interface

/// Every command plan runs, written once: a command type (its words, declaration and run, see
/// `RunnableCommand`), or, until each is converted, the words that name it, its declaration in
/// `PlanCommands` and the code that runs it; subcommands are rows under their command. Resolving a command
/// line, "did you mean", `--help`, the overview, the completion scripts and the man page all come from these rows.
///
/// A row's words are written apart from its declaration so that resolving a command line builds only the
/// declaration it names: building all of them (their key paths and closures) costs about 2M instructions, a
/// third of a `plan list`. `CommandTableTests` checks that each row's words are its declaration's own.
extension CommandTable {
    static let plan = CommandTable(rows: [
        .init(["add"], PlanCommands.add) { try await AddCommand(context: $0).run($1) },
        CommandRow(ListCommand.self),
        .init(["show"], PlanCommands.show) { try await ShowCommand(context: $0).run($1) },
        .init(["edit"], PlanCommands.edit) { try await EditCommand(context: $0).run($1) },
        .group(["leg"], PlanCommands.leg, [
            .init(["add"], PlanCommands.legAdd) { try await LegCommand(context: $0).add($1) },
            .init(["rm"], PlanCommands.legRemove) { try await LegCommand(context: $0).remove($1) },
        ]),
        .init(["rm"], PlanCommands.remove) { try await RemoveCommand(context: $0).run($1) },
        .init(["pack"], PlanCommands.pack) { try await PackCommand(context: $0).run($1) },
        .init(["ask"], PlanCommands.ask) { try await AskCommand(context: $0).run($1) },
        .init(["replay"], PlanCommands.replay) { try await ReplayCommand(context: $0).run($1) },
        .init(["history"], PlanCommands.history, [
            .init(["show"], PlanCommands.historyShow) { try await HistoryCommand(context: $0).show($1) },
            .init(["search"], PlanCommands.historySearch) { try await HistoryCommand(context: $0).search($1) },
        ]) { try await HistoryCommand(context: $0).run($1) },
        .group(["cache"], PlanCommands.cache, [
            .init(["prune"], PlanCommands.cachePrune) { try await CacheCommand(context: $0).prune($1) },
            .init(["stats"], PlanCommands.cacheStats) { try await CacheCommand(context: $0).stats($1) },
        ]),
        .init(["mcp"], PlanCommands.mcp) { try await McpCommand(context: $0).run($1) },
        .init(["doctor"], PlanCommands.doctor) { try await DoctorCommand(context: $0).run($1) },
        .init(["completions"], PlanCommands.completions) { CompletionsCommand(context: $0).run($1) },
        .init(["help"], PlanCommands.help) { try HelpCommand(context: $0).run($1) },
        .init(["__complete"], PlanCommands.completionQuery) { await CompletionsCommand(context: $0).query($1) },
        .init(["config"], PlanCommands.config, [
            .init(["set"], PlanCommands.configSet) { try await ConfigCommand(context: $0).set($1) },
        ]) { try await ConfigCommand(context: $0).run($1) },
        CommandRow(ActivitiesCommand.self),
        .init(["check", "tick"], PlanCommands.check) { try await CheckCommand(context: $0).run($1, packed: true) },
        .init(["uncheck", "untick"], PlanCommands.uncheck) { try await CheckCommand(context: $0).run($1, packed: false) },
        .group(["item"], PlanCommands.item, [
            .init(["add"], PlanCommands.itemAdd) { try await ItemCommand(context: $0).add($1) },
            .init(["rm", "remove"], PlanCommands.itemRemove) { try await ItemCommand(context: $0).remove($1) },
        ]),
        .init(["prefs"], PlanCommands.prefs, [
            .init(["rm", "remove"], PlanCommands.prefsRemove) { try await PrefsCommand(context: $0).remove($1) },
        ]) { try await PrefsCommand(context: $0).run($1) },
        CommandRow(VersionCommand.self),
    ])
}
