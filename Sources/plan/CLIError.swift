import Foundation
import Interface

/// A failure the command line reports itself, with its sysexits code.
struct CLIError: ReportableError {
    /// sysexits: 64 usage, 65 data, 66 no input, 69 unavailable, 70 software.
    let code: Int32
    let message: String
    let hint: String?

    var report: ErrorReport { ErrorReport(message: message, hint: hint, code: code) }

    static func usage(_ message: String, command: String? = nil) -> CLIError {
        let help = command.map { "plan \($0) --help" } ?? "plan --help"
        return CLIError(code: 64, message: message, hint: "Run '\(help)' for usage.")
    }

    static func noSuchTrip(_ id: Int) -> CLIError {
        CLIError(code: 66, message: "no trip \(id).", hint: "Run 'plan list' to see your trips.")
    }

    static func noSuchSession(_ id: Int) -> CLIError {
        CLIError(code: 66, message: "no session \(id).", hint: "Run 'plan history' to see past sessions.")
    }
}
