import FoundationEssentials
import PlanKit

/// A failure the command line reports itself, with its sysexits code.
public struct CLIError: ReportableError {
    /// sysexits: 64 usage, 65 data, 66 no input, 69 unavailable, 70 software.
    public let code: Int32
    public let message: String
    public let hint: String?

    public init(code: Int32, message: String, hint: String?) {
        self.code = code
        self.message = message
        self.hint = hint
    }

    public var report: ErrorReport { ErrorReport(message: message, hint: hint, code: code) }

    public static func usage(_ message: String, command: String? = nil) -> CLIError {
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
