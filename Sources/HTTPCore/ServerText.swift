import FoundationEssentials
import Basics

/// Text a model server sent (an error message, a field it named), cut to one safe line before it is put in
/// an error or stored.
///
/// The one implementation of this rule, for whatever reads a server's text: the language-model backend and
/// Tools' `TerminalText.oneLine` (every error line plan shows) both call it. Newlines, C0 controls (ESC included, so an ANSI escape cannot start), DEL and C1
/// controls become a space, runs of spaces one, cut at `limit` with "…". Everything else is kept as it is,
/// bidirectional overrides included, as error lines always have: the console's sanitiser shows those as
/// "?" when the line is printed.
public enum ServerText {
    /// The longest error text shown or stored (as `TerminalText.maximumErrorLength`).
    public static let maximumLength = 300

    /// `text` as one line of at most `limit` characters.
    public static func oneLine(_ text: String, limit: Int = maximumLength) -> String {
        var result = ""
        var count = 0
        var lastWasSpace = false
        for scalar in text.unicodeScalars {
            let isSpace = scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
            if isSpace {
                if lastWasSpace || count == 0 { continue }
                lastWasSpace = true
                result.unicodeScalars.append(" ")
            } else {
                lastWasSpace = false
                result.unicodeScalars.append(scalar)
            }
            count += 1
            if count >= limit {
                return result.trimming(.whitespaces) + "…"
            }
        }
        return result.trimming(.whitespaces)
    }
}
