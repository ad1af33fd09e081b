import Model
import Rendering

/// What conversions need besides the text: whose usage errors they are, and what day `today` is.
public struct ParseContext: Sendable {
    /// The command's words ("history search"), for error hints.
    public let command: String
    /// The local calendar day `today` means.
    public let today: CalendarDate

    public init(command: String, today: CalendarDate) {
        self.command = command
        self.today = today
    }

    /// A usage error of this command.
    public func error(_ message: String) -> UsageError {
        UsageError(message, command: command)
    }
}
