import FoundationEssentials

/// A setting from the environment plan cannot use: what is wrong, naming the variable, and what to do. Every
/// front end reports it as a usage error (the command line exits 64).
public struct ConfigurationProblem: LocalizedError, Equatable, Sendable {
    /// What is wrong ("PLAN_HTTP_TIMEOUT must be a number from 0.1 to 600.0.").
    public let message: String
    /// What to do about it.
    public let hint: String?

    /// A problem.
    public init(message: String, hint: String? = nil) {
        self.message = message
        self.hint = hint
    }

    public var errorDescription: String? { message }
    public var recoverySuggestion: String? { hint }

    /// A value quoted in a message: control and invisible characters shown as '?', cut at 60 characters.
    public static func printable(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { scalar -> Character in
            [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
                ? "?" : Character(scalar)
        })
        return cleaned.count > 60 ? String(cleaned.prefix(57)) + "..." : cleaned
    }
}
