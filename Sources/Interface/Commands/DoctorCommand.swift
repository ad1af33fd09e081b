import FoundationEssentials
import LanguageModels
import Model
import PlanKit
import Planner
import Rendering
import Store
import Tools

/// `plan doctor`: the database, the place data, the forecast services and the model, checked
/// (`Diagnostician` in Planner), printed by Interface's `DoctorPrinter`.
public struct DoctorCommand: RunnableCommand {
    public static let path = ["doctor"]

    public var model: String?
    public var offline = false
    public var json = false
    public var forget = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Check the database, services and model",
            discussion: """
                Checks the database (path, schema version, integrity), the place data, whether the
                forecast services answer, and the model: its endpoint, name, context size and
                tool-calling mode (native or guided). The model server is asked afresh: what plan had
                learnt from its answers in passing (a window its overflow message named, a reasoning
                model) is replaced; what it taught by refusing requests is kept. --forget drops all
                that plan learnt about the model server and says what it forgot, asking nothing.
                """,
            parameters: [[
                .option("model", \.model, value: "<m>", help: "check this model instead of PLAN_MODEL"),
                .flag("offline", \.offline, help: "check no service (also PLAN_OFFLINE=1)"),
                .flag("json", \.json, help: "print the checks as JSON"),
                .flag("forget", \.forget, help: "forget what plan learnt about the model server (window, refused fields, reasoning)"),
            ]],
            section: .history
        )
    }

    public func run(_ context: Context) async throws {
        if forget { return try await forgetLearnt(context) }
        let settings = try ServiceSettings(environment: context.environment)
        let store: Store
        do {
            store = try context.openStore()
        } catch let error as StoreError where Self.isDamage(error) {
            // The database plan would refuse to run on: doctor says what it finds in it, then fails as every
            // command does (exit 65, what is wrong and how to recover).
            try await describeDamage(error, context: context)
            throw error
        }
        // A table gone since the last migration opens fine and fails later ("no such table"): doctor looks.
        let tables = Set(try await store.rows("SELECT name AS n FROM sqlite_schema WHERE type = 'table'").map { try $0.string("n") })
        let missing = Self.planTables.filter { !tables.contains($0) }
        if !missing.isEmpty {
            let error = StoreError.damagedSchema(path: store.path, detail: "no such table: \(missing.joined(separator: ", "))")
            try await describeDamage(error, context: context)
            throw error
        }
        let console = context.console
        let doctor = Diagnostician(offline: self.offline || settings.isOffline) { message in
            if let message { console.progress(message) } else { console.endProgress() }
        }
        let diagnosis = try await doctor.diagnose(
            store: store, gazetteerPath: Gazetteer.defaultPath(environment: context.environment),
            geocoders: [
                .init(name: "Open-Meteo geocoding", url: settings.geocoderBase, userAgent: settings.userAgent),
                .init(name: "Nominatim", url: settings.nominatimBase, userAgent: settings.userAgent),
            ],
            forecastServices: [
                .init(name: "NWS", url: settings.nwsBase, userAgent: settings.userAgent(for: settings.nwsBase)),
                .init(name: "Open-Meteo", url: settings.openMeteoBase, userAgent: settings.userAgent(for: settings.openMeteoBase)),
            ],
            contact: settings.contact, model: try await context.languageModel(named: model),
            describe: { ErrorReport($0).message }
        )
        if json {
            context.printJSON(DoctorPrinter.json(diagnosis))
        } else {
            for line in DoctorPrinter.lines(diagnosis) { context.console.print(line) }
        }
        let found = diagnosis.found
        if !found.isEmpty {
            throw CLIError(
                code: ExitCode.unavailable, message: DoctorPrinter.problemMessage(found), hint: DoctorPrinter.problemHint(found)
            )
        }
    }

    /// A database damaged beyond opening: its schema does not match its version.
    static func isDamage(_ error: StoreError) -> Bool {
        switch error {
        case .damagedSchema, .loweredVersion, .damaged, .corruptValue: return true
        default: return error.isDamagedFile
        }
    }

    /// What doctor can read of a database it cannot open: the damage, the schema version against the
    /// migrations the file records and this plan's, and which of plan's tables are missing.
    func describeDamage(_ error: StoreError, context: Context) async throws {
        let path = context.databasePath
        var facts = DamageFacts(path: path, problem: ErrorReport(error).message, hint: error.recoverySuggestion)
        if let file = try? ReadOnlyDatabase(path: path) {
            facts.version = try? await file.rows("SELECT user_version AS v FROM pragma_user_version").first?.int("v")
            facts.applied = (try? await file.rows("SELECT version AS v FROM schema_migrations ORDER BY version"))?
                .compactMap { try? $0.int("v") } ?? []
            let tables = Set((try? await file.rows("SELECT name AS n FROM sqlite_schema WHERE type = 'table'"))?
                .compactMap { try? $0.string("n") } ?? [])
            facts.missing = Self.planTables.filter { !tables.contains($0) }
        }
        if json {
            context.printJSON(facts.json)
        } else {
            for line in facts.lines { context.console.print(line) }
        }
    }

    /// The tables every plan database has.
    static let planTables = [
        "trips", "trip_legs", "places", "http_cache", "forecast_snapshots", "sessions", "transcript_entries",
        "packing_lists", "list_changes", "preference_changes", "traveller_settings", "engine_profiles", "trip_settings",
        "place_lookups", "notices_shown", "trip_links",
    ]

    /// `--forget`: drops what plan learnt about the model server (asking it nothing) and says what.
    func forgetLearnt(_ context: Context) async throws {
        _ = try context.openStore()
        let doctor = Diagnostician(offline: true) { _ in }
        let forgetting = await doctor.forget(try await context.languageModel(named: model))
        if json {
            context.printJSON(DoctorPrinter.forgetJSON(forgetting))
        } else {
            for line in DoctorPrinter.forgetLines(forgetting) { context.console.print(line) }
        }
    }
}
