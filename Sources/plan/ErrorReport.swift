import Foundation
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
        case let error as StoreError:
            message = error.errorDescription ?? "database error."
            hint = error.recoverySuggestion
            switch error {
            case .notAPlanDatabase, .newerSchema: code = ExitCode.data
            case .cannotOpen: code = ExitCode.ioError
            case .sqlite where error.isBusy: code = ExitCode.tempFail
            default: code = ExitCode.software
            }
        case let error as GeocodingError:
            message = error.errorDescription ?? "unknown place."
            hint = error.recoverySuggestion
            switch error {
            case .notFound: code = ExitCode.data
            case .gazetteerUnavailable: code = ExitCode.unavailable
            }
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
