import Foundation
import LanguageModels
import Planner
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
        let settings = try Settings(environment: context.environment)
        let store = try context.openStore()
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
