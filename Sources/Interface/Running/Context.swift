import FoundationEssentials
import JSON
import LanguageModels
import Model
import PlanKit
import Planner
import Rendering
import Store
import Tools

/// What every command shares: the environment, the console, the database.
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

    /// The database of this run, opened on the first call and shared after (`PlanApp.openStore`).
    public func openStore() throws -> Store {
        try app.openStore()
    }

    /// The end of every command, whether it succeeded or not (`PlanApp.finish`), and what it has to say.
    public func finish() async {
        let notices = await app.finish()
        if !notices.isEmpty { console.endProgress() }
        for notice in notices { console.warn("plan: " + notice) }
    }

    /// Resolves a destination: the offline gazetteer, else a lookup stored before, else online (Open-Meteo, then
    /// Nominatim) through the cache. Says on stderr which others it could have been, and what kind of place a
    /// non-city is (`lookUp`'s notes). The database is opened only when the offline data has no confident answer.
    public func resolve(_ destination: String, offline: Bool = false, store: Store? = nil) async throws -> Place {
        let found = try await lookUp(destination, offline: offline, store: store)
        for note in found.notes { console.warn("plan: " + note) }
        return found.place
    }

    /// `resolve` without printing (`PlanApp.lookUp`): the place and what a front end should say about it.
    public func lookUp(_ destination: String, offline: Bool = false, store: Store? = nil) async throws -> (place: Place, notes: [String]) {
        try await app.lookUp(destination, offline: offline, store: store)
    }

    /// The forecast services, reading through the store's cache (`PlanApp.forecastService`).
    public func forecastService(store: Store, fresh: Bool, offline: Bool, sea: Bool = false) throws -> ForecastService {
        try app.forecastService(store: store, fresh: fresh, offline: offline, sea: sea)
    }

    /// The language model: `--model`, else `PLAN_MODEL`, else the built-in engine (`PlanApp.languageModel`).
    public func languageModel(named flag: String?) async throws -> any LanguageModel {
        try await app.languageModel(named: flag)
    }

    /// What a planner is given (`PlanApp.planningSetup`), with the command's engine options.
    /// `offline`: nil keeps the geocode tool to the offline data (replays: no network at all).
    public func planningSetup(
        store: Store, model: any LanguageModel, forecasts: any ForecastProvider, engine: EngineOptions, offline: Bool? = nil
    ) -> PlanningSetup {
        app.planningSetup(store: store, model: model, forecasts: forecasts, engine: engine.settings, offline: offline)
    }

    /// Today on the local calendar.
    public var today: CalendarDate { CalendarDate(Date()) }

    /// Prints a JSON document on stdout.
    public func printJSON(_ value: JSONValue) {
        console.printDocument(value.prettyText)
    }
}
