import FoundationEssentials
import JSON
import LanguageModels
import Model
import PlanKit
import Rendering

/// What every command shares: the environment, the console, and the application (the core, with its one
/// database).
public struct Context: Sendable {
    public let environment: [String: String]
    public let console: Console
    /// The commands this program runs (help, completions and the man page read them).
    public let commands: CommandTable
    /// The application this run opened: its settings, database and services (PlanKit).
    public let app: PlanApp

    public init(environment: [String: String], console: Console, commands: CommandTable) {
        self.environment = environment
        self.console = console
        self.commands = commands
        app = PlanApp(environment: environment, reporter: console)
    }

    /// The database path for this run.
    public var databasePath: String { app.databasePath }

    /// The end of every command, whether it succeeded or not (`PlanApp.finish`), and what it has to say.
    public func finish() async {
        let notices = await app.finish()
        if !notices.isEmpty { console.endProgress() }
        for notice in notices { console.warn("plan: " + notice) }
    }

    /// Resolves a destination: the offline gazetteer, else a lookup stored before, else online (Open-Meteo, then
    /// Nominatim) through the cache. Says on stderr which others it could have been, and what kind of place a
    /// non-city is (`lookUp`'s notes). The database is opened only when the offline data has no confident answer.
    public func resolve(_ destination: String, offline: Bool = false) async throws -> Place {
        let found = try await app.lookUp(destination, offline: offline)
        for note in found.notes { console.warn("plan: " + note) }
        return found.place
    }

    /// The language model: `--model`, else `PLAN_MODEL`, else the built-in engine (`PlanApp.languageModel`).
    public func languageModel(named flag: String?) async throws -> any LanguageModel {
        try await app.languageModel(named: flag)
    }

    /// Today on the local calendar.
    public var today: CalendarDate { CalendarDate(Date()) }

    /// Prints a JSON document on stdout.
    public func printJSON(_ value: JSONValue) {
        console.printDocument(value.prettyText)
    }
}
