import FoundationEssentials
import LanguageModels
import Model
import PlanKit
import Rendering

/// `plan doctor`: the database, the place data, the forecast services and the model, checked
/// (`Diagnostician` in PlanKit), printed by Interface's `DoctorPrinter`.
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
        if let damage = try await context.app.databaseDamage() {
            // The database plan would refuse to run on: doctor says what it finds in it, then fails as every
            // command does (exit 65, what is wrong and how to recover).
            if json {
                context.printJSON(DoctorPrinter.damageJSON(damage))
            } else {
                for line in DoctorPrinter.damageLines(damage) { context.console.print(line) }
            }
            throw damage.error
        }
        let console = context.console
        let diagnosis = try await context.app.diagnose(
            offline: self.offline || settings.isOffline, model: try await context.languageModel(named: model),
            describe: { ErrorReport($0).message }
        ) { message in
            if let message { console.progress(message) } else { console.endProgress() }
        }
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
        let forgetting = try await context.app.forgetLearnt(about: try await context.languageModel(named: model))
        if json {
            context.printJSON(DoctorPrinter.forgetJSON(forgetting))
        } else {
            for line in DoctorPrinter.forgetLines(forgetting) { context.console.print(line) }
        }
    }
}
