import FoundationEssentials
import Interface

/// Every command plan runs, one type a line in the overview's order; a type lists its own subcommands
/// (`LegCommand`: `leg add`, `leg rm`). Resolving a command line, "did you mean", `--help`, the overview, the
/// completion scripts and the man page all come from these types. Adding a command is its type (in
/// Interface/Commands, or here for one that needs the executable's modules, as `mcp`) and its line here.
///
/// A row's words are its type's `path` and `aliases`, constants apart from the declaration, so resolving a
/// command line builds only the declaration it names: building all of them (their key paths and closures)
/// costs about 2M instructions, a third of a `plan list`.
extension CommandTable {
    static let plan = CommandTable([
        AddCommand.self,
        ListCommand.self,
        ShowCommand.self,
        EditCommand.self,
        LegCommand.self,
        RemoveCommand.self,
        PackCommand.self,
        AskCommand.self,
        ReplayCommand.self,
        HistoryCommand.self,
        CacheCommand.self,
        McpCommand.self,
        ServeCommand.self,
        DoctorCommand.self,
        CompletionsCommand.self,
        HelpCommand.self,
        CompletionQueryCommand.self,
        ConfigCommand.self,
        ActivitiesCommand.self,
        CheckCommand.self,
        UncheckCommand.self,
        ItemCommand.self,
        PrefsCommand.self,
        VersionCommand.self,
    ])
}
