import FoundationEssentials
import Basics

/// The lookup key of a place name, computed exactly as `scripts/build-gazetteer.py` computes it:
/// NFKD, combining marks dropped, lowercased, a few letters spelled out (ß→ss, ø→o, ł→l, æ→ae, œ→oe,
/// đ→d, ı→i, ð→d, þ→th), and every run of other characters than a–z and 0–9 made one space.
public enum PlaceName {
    private static let spelledOut: [Character: String] = [
        "ß": "ss", "ø": "o", "ł": "l", "æ": "ae", "œ": "oe", "đ": "d", "ı": "i", "ð": "d", "þ": "th",
    ]

    public static func key(_ text: String) -> String {
        let decomposed = UnicodeForms.compatibilityDecomposed(text)
        var stripped = String.UnicodeScalarView()
        for scalar in decomposed.unicodeScalars where scalar.properties.generalCategory != .nonspacingMark {
            stripped.append(scalar)
        }
        var result = ""
        var pendingSpace = false
        for character in String(stripped).lowercased() {
            let piece = spelledOut[character] ?? String(character)
            for unit in piece {
                if unit.isASCII, unit.isLetter || unit.isNumber {
                    if pendingSpace, !result.isEmpty { result.append(" ") }
                    pendingSpace = false
                    result.append(unit)
                } else {
                    pendingSpace = true
                }
            }
        }
        return result
    }

    /// Levenshtein distance, for "did you mean" suggestions.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.utf8)
        let b = Array(b.utf8)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
