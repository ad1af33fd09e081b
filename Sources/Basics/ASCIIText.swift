import FoundationEssentials

/// Text for a terminal whose character set is not UTF-8: plan's own symbols become ASCII look-alikes
/// ("→" "->", "°F" "F", "–" "-", "…" "..."), accented letters lose their accents ("São Paulo" "Sao
/// Paulo"), and anything else becomes "?". ASCII text comes back unchanged, at the cost of one scan.
public enum ASCIIText {
    /// Plan's symbols and their ASCII stand-ins.
    static let table: [Character: String] = [
        "→": "->", "←": "<-", "°": "", "–": "-", "—": "-", "…": "...", "•": "*", "·": ".", "×": "x",
        "≈": "~", "≋": "~", "❄": "*", "☂": "'", "⚡": "!", "☀": "^", "⚠": "!", "✓": "v", "✔": "v", "✗": "x",
        "█": "=", "▒": "+", "░": ":", "‘": "'", "’": "'", "“": "\"", "”": "\"", "½": "1/2", "ß": "ss",
        "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "đ": "d", "ð": "d", "þ": "th",
        "\u{00A0}": " ", "µ": "u",
    ]

    /// `text` in ASCII.
    public static func fold(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            if character.isASCII {
                out.append(character)
            } else if let replacement = table[character] {
                out += replacement
            } else {
                // Accented letters: the base letter of the canonical decomposition.
                let base = UnicodeForms.decomposed(String(character)).unicodeScalars.first
                if let base, base.isASCII, base.properties.isAlphabetic {
                    out.unicodeScalars.append(base)
                } else {
                    out.append("?")
                }
            }
        }
        return out
    }
}
