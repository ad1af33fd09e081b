import Rendering
/// "Did you mean …?" for a mistyped command or option: the one known word close to what was typed.
///
/// Close means one of two small rules, tried in order (table-tested in `SuggestionTests`):
/// 1. an edit distance (insertions, deletions, substitutions and swaps of neighbours) of at most 1 for
///    words up to four letters and 2 for longer ones: `pakc` → `pack`, `--form` → `--from`;
/// 2. a word of four letters or more that, less its last letter, begins a known one: `--activity` →
///    `--activities`.
/// When two known words are equally close, none is suggested: a guess between two would mislead.
public enum Suggestion {
    /// The known word `typed` most likely meant, or nil.
    /// `canonical` names what a word stands for (an alias its command: `ls` → `list`): two words equally close
    /// that stand for the same thing are no tie, and the answer is that thing's name.
    public static func closest(
        to typed: String, among known: [String], canonical: (String) -> String = { $0 }
    ) -> String? {
        let word = Array(typed.lowercased())
        guard !word.isEmpty, word.count <= 64 else { return nil }
        let limit = word.count <= 4 ? 1 : 2
        var best: (word: String, distance: Int)?
        var tied = false
        for candidate in Set(known) where candidate != typed {
            let distance = editDistance(word, Array(candidate.lowercased()))
            guard distance <= limit else { continue }
            if let current = best, distance >= current.distance {
                if distance == current.distance, canonical(candidate) != canonical(current.word) { tied = true }
                continue
            }
            best = (candidate, distance)
            tied = false
        }
        if let best, !tied { return canonical(best.word) }
        guard best == nil, word.count >= 4 else { return nil }
        let stem = String(word.dropLast())
        let extended = Set(Set(known).filter { $0.lowercased().hasPrefix(stem) && $0 != typed }.map(canonical))
        return extended.count == 1 ? extended.first : nil
    }

    /// " Did you mean 'pack'?" (with its leading space), or "" when nothing is close.
    public static func phrase(for typed: String, among known: [String], canonical: (String) -> String = { $0 }) -> String {
        closest(to: typed, among: known, canonical: canonical).map { " Did you mean '\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance: insertions, deletions, substitutions, and swaps of two
    /// neighbouring letters, each costing one.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
