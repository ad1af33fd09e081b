import FoundationEssentials
import PlanKit

/// A command line that does not fit its declaration: what is wrong, and whose `--help` to read.
public struct UsageError: Error, Equatable, Sendable {
    /// One sentence: "unknown option '--bogus'."
    public let message: String
    /// The command's words ("history search"); nil for the tool itself.
    public let command: String?

    public init(_ message: String, command: String?) {
        self.message = message
        self.command = command
    }

    /// "Run 'plan history search --help' for usage."
    public var hint: String {
        "Run '\(command.map { "plan \($0) --help" } ?? "plan --help")' for usage."
    }
}

/// A usage error is reported in its own words, exit 64.
extension UsageError: ReportableError {
    public var report: ErrorReport { ErrorReport(message: message, hint: hint, code: ExitCode.usage) }
}
