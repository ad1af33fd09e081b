import Foundation
import Planner
import Store
import Tools

/// What every command shares: the environment, the console, the database.
struct Context {
    let environment: [String: String]
    let console: Console

    /// The database path for this run.
    var databasePath: String { DatabaseLocation.path(environment: environment) }

    /// Opens (creating and migrating when needed) the database.
    func openStore() throws -> Store {
        try Store(path: databasePath)
    }

    /// Resolves a destination through the gazetteer, saying on stderr which others it could have been.
    func resolve(_ destination: String) async throws -> Place {
        console.progress("Resolving \(destination)…")
        let gazetteer = try Gazetteer(path: Gazetteer.defaultPath(environment: environment))
        let result = try await gazetteer.resolve(destination)
        console.endProgress()
        if let note = result.ambiguityNote {
            console.warn("plan: using \(result.place.label); \(note). Add the region or country to pick another.")
        }
        return result.place
    }

    /// The forecast services, reading through the store's cache. Warns once when no contact is set.
    func forecastService(store: Store, fresh: Bool, offline: Bool) throws -> ForecastService {
        let settings = try Settings(environment: environment)
        let mode: FetchMode = (offline || settings.isOffline) ? .offline : (fresh ? .fresh : .normal)
        let console = self.console
        let warned = OnceFlag()
        let hasContact = settings.contact != nil
        let http = HTTPClient(
            store: store, transport: URLSessionTransport(timeout: settings.timeout),
            configuration: HTTPClient.Configuration(
                userAgent: settings.userAgent, contact: settings.contact, contactOrigins: [settings.nwsBase],
                maxAttempts: settings.retries, deadline: settings.timeout
            ),
            mode: mode,
            onRequest: { service, _ in
                if !hasContact, warned.claim() {
                    console.endProgress()
                    console.warn("plan: PLAN_CONTACT is not set; NWS asks for a contact (email or URL) in the User-Agent.")
                }
                console.progress("Fetching the forecast from \(service)…")
            }
        )
        return ForecastService(http: http, nwsBase: settings.nwsBase, openMeteoBase: settings.openMeteoBase)
    }

    /// `--model`, `--recovery`, `--context-size`, `--temperature` and `--seed`, checked.
    struct EngineOptions {
        var model: String?
        var recovery: RecoveryStrategy
        var contextSize: Int?
        var sampling: GenerationOptions.SamplingMode?
        var temperature: Double?
    }

    func engineOptions(_ parsed: ParsedArguments, command: String) throws -> EngineOptions {
        var recovery = RecoveryStrategy.condense
        if let text = parsed.value("recovery") {
            guard let strategy = RecoveryStrategy(rawValue: text) else {
                throw CLIError.usage("--recovery must be condense, summarize or fresh.", command: command)
            }
            recovery = strategy
        }
        var contextSize: Int?
        if let text = parsed.value("context-size") {
            guard let size = Int(text), (256...1_048_576).contains(size) else {
                throw CLIError.usage("--context-size must be a whole number from 256 to 1048576.", command: command)
            }
            contextSize = size
        }
        var temperature: Double?
        if let text = parsed.value("temperature") {
            guard let value = Double(text), (0...2).contains(value) else {
                throw CLIError.usage("--temperature must be a number from 0 to 2.", command: command)
            }
            temperature = value
        }
        var seed: UInt64?
        if let text = parsed.value("seed") {
            guard let value = UInt64(text), value <= UInt64(Int64.max) else {
                throw CLIError.usage("--seed must be a whole number from 0 to \(Int64.max).", command: command)
            }
            seed = value
        }
        // Greedy unless asked otherwise: a temperature above 0 or a seed samples from the top 40 tokens.
        var sampling: GenerationOptions.SamplingMode?
        if (temperature ?? 0) > 0 || seed != nil {
            sampling = .random(top: 40, seed: seed)
            temperature = temperature ?? 0.8
        }
        return EngineOptions(
            model: parsed.value("model"), recovery: recovery, contextSize: contextSize, sampling: sampling,
            temperature: temperature
        )
    }

    /// The language model: `--model`, else `PLAN_MODEL`, else the built-in engine.
    func languageModel(named flag: String?) async throws -> any LanguageModel {
        let choice = flag ?? environment["PLAN_MODEL"].flatMap { $0.isEmpty ? nil : $0 } ?? "builtin"
        if choice == "builtin" { return BuiltinPackingModel() }
        return try ModelConfiguration.model(
            base: choice, name: environment["PLAN_MODEL_NAME"], apiKey: environment["PLAN_API_KEY"],
            toolMode: environment["PLAN_TOOL_MODE"], timeout: try Settings.modelTimeout(environment)
        )
    }

    /// A planner wired to the store, model and forecasts, with progress on stderr.
    func planner(store: Store, model: any LanguageModel, forecasts: any ForecastProvider, engine: EngineOptions) -> TripPlanner {
        let console = self.console
        let gazetteer = try? Gazetteer(path: Gazetteer.defaultPath(environment: environment))
        return TripPlanner(
            store: store, model: model, forecasts: forecasts, gazetteer: gazetteer, recovery: engine.recovery,
            options: GenerationOptions(
                sampling: engine.sampling, temperature: engine.temperature, maximumResponseTokens: TripPlanner.packAnswerTokens
            ),
            contextSize: engine.contextSize, onProgress: { console.progress($0) }
        )
    }

    /// Today on the local calendar.
    var today: CalendarDate { CalendarDate(Date()) }

    /// Prints the command's help when asked and reports whether it did.
    func printHelpIfAsked(_ parsed: ParsedArguments, command: String) -> Bool {
        guard parsed.has("help") else { return false }
        console.print(Help.commands[command] ?? Help.overview)
        return true
    }

    /// Prints a JSON document on stdout.
    func printJSON(_ value: JSONValue) {
        console.printDocument(value.prettyText)
    }
}
