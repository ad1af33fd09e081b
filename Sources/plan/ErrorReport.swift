import Foundation
import Interface
import LanguageModels
import Planner
import Store
import Tools

/// The message, hint and exit code for any error that reaches the top.
struct ErrorReport {
    let message: String
    let hint: String?
    let code: Int32

    init(_ error: any Error) {
        switch error {
        case let error as CLIError:
            message = error.message
            hint = error.hint
            code = error.code
        case let error as UsageError:
            message = error.message
            hint = error.hint
            code = ExitCode.usage
        case let StoreError.sqlite(sqliteCode, _, _) where sqliteCode == 787:
            // SQLITE_CONSTRAINT_FOREIGNKEY: the trip was removed (`plan rm`) while this command worked on it.
            message = "the trip was removed while plan was working on it; nothing was saved."
            hint = "Run 'plan list' to see your trips."
            code = ExitCode.noInput
        case let error as StoreError:
            message = error.errorDescription ?? "database error."
            hint = error.recoverySuggestion
            switch error {
            case .notAPlanDatabase, .newerSchema, .damaged, .corruptValue, .foreignSchemaObject: code = ExitCode.data
            case let .sqlite(sqliteCode, _, _) where sqliteCode & 0xFF == 11 || sqliteCode & 0xFF == 26: code = ExitCode.data
            case .cannotOpen, .diskFull, .readOnly, .notARegularFile, .ioFailure: code = ExitCode.ioError
            case .sqlite where error.isBusy: code = ExitCode.tempFail
            default: code = ExitCode.software
            }
        case let error as GeocodingError:
            message = error.errorDescription ?? "unknown place."
            hint = error.recoverySuggestion
            switch error {
            case .notFound, .notInOfflineData: code = ExitCode.data
            case .gazetteerUnavailable, .gazetteerDamaged, .rateLimited: code = ExitCode.unavailable
            }
        case let error as ServiceError:
            message = error.errorDescription ?? "a service failed."
            hint = error.recoverySuggestion
            if let status = error.status, status < 500, status != 429 {
                code = ExitCode.data
            } else {
                code = ExitCode.unavailable
            }
        case let error as LanguageModelError:
            message = error.errorDescription ?? "the model failed."
            hint = error.recoverySuggestion
            switch error {
            case .unavailable, .refused, .modelNotFound, .timeout, .serverFailed: code = ExitCode.unavailable
            case .rateLimited: code = ExitCode.tempFail
            default: code = ExitCode.data
            }
        case let error as ToolCallError:
            let inner = ErrorReport(error.underlyingError)
            message = error.errorDescription ?? inner.message
            hint = inner.hint
            code = error.underlyingError is ToolArgumentError ? ExitCode.data : inner.code
        case let error as ListError:
            message = error.errorDescription ?? "cannot change the list."
            hint = error.recoverySuggestion
            switch error {
            case .changedMeanwhile: code = ExitCode.tempFail
            case .emptyList: code = ExitCode.noInput
            default: code = ExitCode.usage
            }
        case let error as TripChangedError:
            message = error.errorDescription ?? "the trip changed meanwhile."
            hint = error.recoverySuggestion
            code = ExitCode.tempFail
        case let error as SessionInProgressError:
            message = error.errorDescription ?? "another plan is at work on this trip."
            hint = error.recoverySuggestion
            code = ExitCode.tempFail
        case let error as ReplayError:
            message = error.errorDescription ?? "nothing to replay."
            hint = error.recoverySuggestion
            code = ExitCode.noInput
        case let error as ContextTooSmallError:
            message = error.errorDescription ?? "the model's window is too small."
            hint = error.recoverySuggestion
            code = ExitCode.unavailable
        case let error as ModelConfigurationError:
            message = error.errorDescription ?? "bad model settings."
            hint = error.recoverySuggestion
            code = ExitCode.usage
        case let error as any LocalizedError:
            message = error.errorDescription ?? String(describing: error)
            hint = error.recoverySuggestion
            code = ExitCode.software
        default:
            message = "internal error: \(error)"
            hint = "This is a bug in plan; please report it with the command you ran."
            code = ExitCode.software
        }
    }
}
