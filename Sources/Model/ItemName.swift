import FoundationEssentials
import Basics

/// The one form of an item's name, wherever a name enters (a model's answer, the rules, `plan item add`, a
/// checklist read back): NFC; invisible format characters (soft hyphen, zero-width space, word joiner, BOM,
/// bidi controls) dropped, except the joiners and tags inside an emoji sequence (👨‍👩‍👧, 🏴 flags); control
/// characters and line breaks as spaces; spaces collapsed and trimmed. Lengths are counted as the tables'
/// CHECKs count them: in code points (SQLite's `length()`), not in Swift characters.
public enum ItemName {
    /// `text` in the one form plan stores, matches and shows.
    public static func normalized(_ text: String) -> String {
        // Printable ASCII holds nothing invisible and is its own NFC: only the spaces to collapse.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return collapsed(text) }
        let visible = text.unicodeScalars.contains(where: isHidden) ? droppingHidden(text) : text
        // Nothing below U+0300 composes or changes under NFC.
        let composed = visible.unicodeScalars.contains { $0.value >= 0x300 } ? UnicodeForms.composed(visible) : visible
        return collapsed(composed)
    }

    /// The length SQLite's `length()` gives `text`: its code points.
    public static func length(_ text: String) -> Int {
        text.unicodeScalars.count
    }

    /// Whether `name` (normalised) and its key fit a column of `limit` code points.
    public static func fits(_ name: String, limit: Int = ItemKey.maximumLength) -> Bool {
        !name.isEmpty && length(name) <= limit && length(ItemKey.of(name)) <= limit
    }

    /// `text` normalised and cut, at a character's boundary, to at most `characters` characters and to what
    /// `fits` (an ellipsis says where it was cut). Empty when not even one character fits.
    public static func cut(_ text: String, characters: Int, limit: Int = ItemKey.maximumLength) -> String {
        let name = normalized(text)
        if name.count <= characters, fits(name, limit: limit) { return name }
        var prefix = ""
        for character in name {
            let longer = prefix + String(character)
            guard longer.count < characters, fits(longer + "…", limit: limit) else { break }
            prefix = longer
        }
        let trimmed = collapsed(prefix)
        return trimmed.isEmpty ? "" : trimmed + "…"
    }

    /// Whether `text` holds what `normalized` would drop or turn to a space unseen: control characters, line
    /// breaks, tabs, invisible format characters (not the joiners and tags of an emoji). What a traveller types
    /// is refused for these rather than quietly changed.
    public static func hasHiddenCharacters(_ text: String) -> Bool {
        let isBreak: (Unicode.Scalar) -> Bool = { scalar in
            let category = scalar.properties.generalCategory
            return category == .control || category == .lineSeparator || category == .paragraphSeparator
        }
        let formats: (String) -> Int = { $0.unicodeScalars.filter { $0.properties.generalCategory == .format }.count }
        return text.unicodeScalars.contains(where: isBreak) || formats(text) != formats(normalized(text))
    }

    // MARK: - Parts

    /// Control, format and line-separating characters.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value < 0x20 || scalar.value == 0x7F }
        let category = scalar.properties.generalCategory
        return category == .control || category == .format || category == .lineSeparator || category == .paragraphSeparator
    }

    /// `text` with format characters dropped (but an emoji's joiners and tags) and control characters and
    /// line separators as spaces.
    private static func droppingHidden(_ text: String) -> String {
        var kept = String.UnicodeScalarView()
        for character in text {
            let isEmojiSequence = character.unicodeScalars.contains { $0.value > 0x7F && $0.properties.isEmoji }
            let scalars = Array(character.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                let category = scalar.properties.generalCategory
                if category == .control || category == .lineSeparator || category == .paragraphSeparator {
                    kept.append(" ")
                } else if category != .format || (isEmojiSequence && index > 0 && keepsInEmoji(scalar, last: index == scalars.count - 1)) {
                    kept.append(scalar)
                }
            }
        }
        return String(kept)
    }

    /// A joiner (U+200D) between two parts of an emoji, or a tag character (U+E0020–U+E007F) of a flag.
    private static func keepsInEmoji(_ scalar: Unicode.Scalar, last: Bool) -> Bool {
        (scalar.value == 0x200D && !last) || (0xE0020...0xE007F).contains(scalar.value)
    }

    /// Whitespace runs as one space, none at either end.
    private static func collapsed(_ text: String) -> String {
        if isCollapsedASCII(text) { return text }
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if scalar.value < 0x80 ? (scalar == " " || (0x09...0x0D).contains(scalar.value)) : scalar.properties.isWhitespace {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(" ") }
            pendingSpace = false
            result.append(scalar)
        }
        return String(result)
    }

    /// Whether `text` is ASCII already collapsed (no space at either end or twice, no tab or line break): the
    /// usual item name, returned as it is without building it again scalar by scalar.
    private static func isCollapsedASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20  // a space "before" the text: a leading space fails
        for byte in text.utf8 {
            if byte >= 0x80 || (byte >= 0x09 && byte <= 0x0D) || (byte == 0x20 && previous == 0x20) { return false }
            previous = byte
        }
        return previous != 0x20
    }
}
