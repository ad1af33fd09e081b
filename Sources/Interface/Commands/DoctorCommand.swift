import Foundation
import LanguageModels
import Planner
import Store
import Tools

/// `plan doctor`: the database, the place data, the forecast services and the model, checked
/// (`Diagnostician` in Planner), printed by Interface's `DoctorPrinter`.
public struct DoctorCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.Doctor) async throws {
        let settings = try Settings(environment: context.environment)
        let store = try context.openStore()
        let console = context.console
        let doctor = Diagnostician(offline: arguments.offline || settings.isOffline) { message in
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
            contact: settings.contact, model: try await context.languageModel(named: arguments.model),
            describe: { ErrorReport($0).message }
        )
        if arguments.json {
            context.printJSON(DoctorPrinter.json(diagnosis))
        } else {
            for line in DoctorPrinter.lines(diagnosis) { context.console.print(line) }
        }
        let problems = diagnosis.problems
        if problems > 0 {
            throw CLIError(
                code: ExitCode.unavailable, message: "\(problems) problem\(problems == 1 ? "" : "s") found (see above).",
                hint: "Work offline with --offline or PLAN_OFFLINE=1; set PLAN_MODEL=builtin to use the built-in engine."
            )
        }
    }
}
