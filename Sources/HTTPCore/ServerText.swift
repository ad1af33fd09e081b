import FoundationEssentials
import Basics

/// Text a model server sent (an error message, a field it named), cut to one safe line before it is put in
/// an error or stored: Basics' `TerminalText.oneLine`, the one implementation of the rule.
public enum ServerText {
    /// The longest error text shown or stored (as `TerminalText.maximumErrorLength`).
    public static let maximumLength = TerminalText.maximumErrorLength

    /// `text` as one line of at most `limit` characters.
    public static func oneLine(_ text: String, limit: Int = maximumLength) -> String {
        TerminalText.oneLine(text, limit: limit)
    }
}
