import Foundation

/// Outside text (a model's item names and reasons, a geocoder's place name) made inert in Markdown: the
/// characters that make links, images, emphasis, code and HTML are backslash-escaped (CommonMark lets any
/// ASCII punctuation be), bare `http://` and `www.` links are broken so no renderer links them, and line
/// breaks become spaces, so one field stays one list item.
enum MarkdownText {
    /// The characters escaped wherever they appear.
    static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "(", ")", "<", ">", "#", "|", "~", "!", "&", "{", "}"]

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            if character == "\n" || character == "\r" || character == "\u{2028}" || character == "\u{2029}" {
                out.append(" ")
            } else if special.contains(character) {
                out.append("\\")
                out.append(character)
            } else if character == ":" || character == "." {
                // "https://x" and "www.x" are autolinked by GitHub's Markdown; "https\://" and "www\." are not.
                out.append("\\")
                out.append(character)
            } else {
                out.append(character)
            }
        }
        return out
    }
}
