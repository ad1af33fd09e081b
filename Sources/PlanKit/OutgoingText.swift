import FoundationEssentials
import Basics
import JSON

/// Text that leaves plan for a reader other than the terminal (an assistant over MCP, next the phone page),
/// made safe with the terminal's own sanitiser (`TerminalText`): a service's or the database's escape
/// sequences, bells and bidirectional overrides become inert pictures, and outside text cannot forge a line.
public enum OutgoingText {
    /// Lines of a rendering joined by "\n": each line made safe as the console makes a printed line (a line
    /// break inside one becomes a space, so an alert's headline cannot start a line of its own).
    public static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { TerminalText.sanitize(String($0), singleLine: true) }
            .joined(separator: "\n")
    }

    /// A rendering's lines, each made safe on its own, then joined: a line break inside one (outside text
    /// such as a place's name) is a space, never a line of its own.
    public static func lines(_ lines: [String]) -> String {
        lines.map { TerminalText.sanitize($0, singleLine: true) }.joined(separator: "\n")
    }

    /// One line (an error's message).
    public static func line(_ text: String) -> String {
        TerminalText.sanitize(text, singleLine: true)
    }

    /// Every string in a JSON document made safe, each one line (a place's name, a reason, a notice: none of
    /// plan's fields has lines of its own, so a line break from outside is a space).
    public static func json(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(TerminalText.sanitize(text, singleLine: true))
        case .array(let elements): return .array(elements.map(json))
        case .object(let members): return .object(members.mapValues(json))
        default: return value
        }
    }
}
