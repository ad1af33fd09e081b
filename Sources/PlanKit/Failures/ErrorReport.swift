import FoundationEssentials
import LanguageModels
import Model
import Planner
import Store
import Tools

/// The message, hint and exit code for any error that reaches the top: what the command line prints (one or
/// two lines) and exits with, and what any other front end (a JSON field, a tool result) says of a failure.
/// Each module's errors are read by a step of their own below.
public struct ErrorReport: Sendable, Equatable {
    /// One sentence saying what went wrong.
    public let message: String
    /// What to do about it, when the traveller can act.
    public let hint: String?
    /// The sysexits code (`ExitCode`).
    public let code: Int32

    /// A report made by hand.
    public init(message: String, hint: String?, code: Int32) {
        self.message = message
        self.hint = hint
        self.code = code
    }

    /// The report of `error`, whatever module it comes from.
    public init(_ error: any Error) {
        self = Self.reported(error) ?? Self.described(error)
    }

    // MARK: - Each module's errors

    private static func reported(_ error: any Error) -> ErrorReport? {
        switch error {
        case let error as any ReportableError: return error.report
        case let error as ConfigurationProblem: return ErrorReport(error, code: ExitCode.usage)
        case let error as TripProblem: return ErrorReport(error, code: ExitCode.usage)
        case let error as ChecklistProblem: return ErrorReport(error, code: ExitCode.noInput)
        case let error as StoreError: return store(error)
        case let error as GeocodingError: return geocoding(error)
        case let error as ServiceError:
            let refused = error.status.map { $0 < 500 && $0 != 429 } ?? false
            return ErrorReport(error, code: refused ? ExitCode.data : ExitCode.unavailable)
        case let error as LanguageModelError: return model(error)
        case let error as ToolCallError:
            let inner = ErrorReport(error.underlyingError)
            // The database's own failure (a trip removed meanwhile, a full disk) is said in its own words.
            if error.underlyingError is StoreError { return inner }
            let code = error.underlyingError is ToolArgumentError ? ExitCode.data : inner.code
            return ErrorReport(message: error.errorDescription ?? inner.message, hint: inner.hint, code: code)
        default: return planner(error)
        }
    }

    private static func store(_ error: StoreError) -> ErrorReport {
        if error.isForeignKeyViolation {
            return ErrorReport(
                message: "the trip was removed while plan was working on it; nothing was saved.",
                hint: "Run 'plan list' to see your trips.", code: ExitCode.noInput
            )
        }
        let code: Int32
        switch error {
        case .notAPlanDatabase, .newerSchema, .damaged, .corruptValue, .foreignSchemaObject, .damagedSchema, .loweredVersion:
            code = ExitCode.data
        case .sqlite where error.isDamagedFile: code = ExitCode.data
        case .cannotOpen, .diskFull, .readOnly, .notARegularFile, .ioFailure: code = ExitCode.ioError
        case .sqlite where error.isBusy: code = ExitCode.tempFail
        default: code = ExitCode.software
        }
        return ErrorReport(error, code: code)
    }

    private static func geocoding(_ error: GeocodingError) -> ErrorReport {
        switch error {
        case .notFound, .notInOfflineData: return ErrorReport(error, code: ExitCode.data)
        case .gazetteerUnavailable, .gazetteerDamaged, .rateLimited: return ErrorReport(error, code: ExitCode.unavailable)
        }
    }

    private static func model(_ error: LanguageModelError) -> ErrorReport {
        let message = error.errorDescription ?? "the model failed."
        switch error {
        case .unavailable, .refused, .modelNotFound, .timeout, .serverFailed:
            return ErrorReport(message: message, hint: modelHint(error), code: ExitCode.unavailable)
        case .rateLimited: return ErrorReport(message: message, hint: modelHint(error), code: ExitCode.tempFail)
        default: return ErrorReport(message: message, hint: modelHint(error), code: ExitCode.data)
        }
    }

    /// plan's advice on a model's failure: the framework says what to do in general; plan names its settings
    /// (`PLAN_API_KEY`, `PLAN_MODEL_TIMEOUT`, `--context-size`) and what the next command does with the session.
    static func modelHint(_ error: LanguageModelError) -> String? {
        let resumes = "the next pack resumes the session."
        switch error {
        case .contextSizeExceeded: return "Use a model with a larger context, or --recovery summarize."
        case .decodingFailure, .toolLoopLimit: return "Try again, or use a larger model (or PLAN_MODEL=builtin)."
        case .unusableAnswer: return "Ask again in other words, or use a larger model; 'plan history' keeps the failed turn."
        case .rateLimited: return (error.recoverySuggestion ?? "Try again later.").dropLast() + "; the session is kept, and the next pack resumes it."
        case .refused: return "Set PLAN_API_KEY to a key this server accepts (it is sent as a bearer token)."
        case let .modelNotFound(_, available):
            return available.first.map { "Set PLAN_MODEL_NAME to one of them, e.g. PLAN_MODEL_NAME=\($0)." }
                ?? "Set PLAN_MODEL_NAME to a model the server has loaded."
        case .rejected: return "The server's words above say what it wants; PLAN_ENGINE can name the engine if plan guessed wrong."
        case .serverFailed: return "The server is up but failing: see its log, or try again; " + resumes
        case .timeout: return "Raise PLAN_MODEL_TIMEOUT, or use a smaller --context-size; " + resumes
        case .unavailable:
            return "Start the server, or check PLAN_MODEL (unset it to use the built-in engine); a pack cut short resumes where it stopped."
        case .concurrentRequests: return error.recoverySuggestion
        }
    }

    private static func planner(_ error: any Error) -> ErrorReport? {
        switch error {
        case let error as ListError:
            switch error {
            case .changedMeanwhile: return ErrorReport(error, code: ExitCode.tempFail)
            case .emptyList: return ErrorReport(error, code: ExitCode.noInput)
            default: return ErrorReport(error, code: ExitCode.usage)
            }
        case let error as TripChangedError: return ErrorReport(error, code: ExitCode.tempFail)
        case let error as SessionInProgressError: return ErrorReport(error, code: ExitCode.tempFail)
        case let error as ReplayError: return ErrorReport(error, code: ExitCode.noInput)
        case let error as ContextTooSmallError:
            return ErrorReport(
                message: error.errorDescription ?? "the model's window is too small.",
                hint: "Start the server with a larger context (llama-server -c 4096), or pass --context-size with the real window.",
                code: ExitCode.unavailable
            )
        case let error as ModelConfigurationError: return ErrorReport(error, code: ExitCode.usage)
        default: return nil
        }
    }

    /// Any other error: a described one is a failure plan did not foresee (70); an undescribed one a bug.
    private static func described(_ error: any Error) -> ErrorReport {
        if let error = error as? any LocalizedError {
            return ErrorReport(message: error.errorDescription ?? String(describing: error), hint: error.recoverySuggestion, code: ExitCode.software)
        }
        return ErrorReport(
            message: "internal error: \(error)", hint: "This is a bug in plan; please report it with the command you ran.",
            code: ExitCode.software
        )
    }

    /// A described error's own words with `code`.
    private init(_ error: any LocalizedError, code: Int32) {
        self.init(message: error.errorDescription ?? "\(error)", hint: error.recoverySuggestion, code: code)
    }
}
