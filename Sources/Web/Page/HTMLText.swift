import FoundationEssentials
import PlanKit

/// Text put into the page: made safe as every outgoing text is (`OutgoingText`: escape sequences, bidirectional
/// overrides and line breaks from outside made inert), then HTML-escaped, for element text and quoted
/// attribute values alike.
enum HTMLText {
    /// `text` safe between tags or inside a double- or single-quoted attribute.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in OutgoingText.line(text) {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
