import Foundation

/// Outside text (a model's item names and reasons, a geocoder's place name) made inert in Markdown: the
/// characters that make links, images, emphasis, code and HTML are backslash-escaped (CommonMark lets any
/// ASCII punctuation be), bare `http://` and `www.` links are broken (`http\://`, `www\.`) so no renderer links them, and line
/// breaks become spaces, so one field stays one list item.
enum MarkdownText {
    /// The characters escaped wherever they appear.
    static let special: Set<Character> = ["\\", "`", "*", "_", "[", "]", "(", ")", "<", ">", "#", "|", "~", "!", "&", "{", "}"]

    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character == "\n" || character == "\r" || character == "\u{2028}" || character == "\u{2029}" {
                out.append(" ")
            } else if special.contains(character) {
                out.append("\\")
                out.append(character)
            } else if (character == ":" && index < characters.count - 2 && characters[index + 1] == "/" && characters[index + 2] == "/")
                        || (character == "." && out.suffix(3).lowercased() == "www") {
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
