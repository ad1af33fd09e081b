/// An error that carries its own report: what the command line says and the code it exits with. The command
/// line's own failures (`CLIError`) conform; every other error is read by `ErrorReport.init(_:)`.
public protocol ReportableError: Error {
    /// The message, hint and exit code to show.
    var report: ErrorReport { get }
}
