import Foundation

/// A failure the command line reports itself, with its sysexits code.
struct CLIError: Error {
    /// sysexits: 64 usage, 65 data, 66 no input, 69 unavailable, 70 software.
    let code: Int32
    let message: String
    let hint: String?

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

/// sysexits codes used by plan.
enum ExitCode {
    static let success: Int32 = 0
    static let usage: Int32 = 64
    static let data: Int32 = 65
    static let noInput: Int32 = 66
    static let unavailable: Int32 = 69
    static let software: Int32 = 70
    static let ioError: Int32 = 74
    static let tempFail: Int32 = 75
}
