/// Text helpers plan used Foundation's `NSString` bridge for. Their names differ from Foundation's so a file
/// that imports both never finds two candidates.
extension StringProtocol {
    /// The text without the scalars of `set` at either end.
    public func trimming(_ set: ScalarSet) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }),
            let last = scalars.lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    /// Whether the two are equal once both are lowercased (header names, ASCII words).
    public func equalsIgnoringCase<Other: StringProtocol>(_ other: Other) -> Bool {
        lowercased() == other.lowercased()
    }

    /// The text padded with spaces, or cut, to `length` characters.
    public func padded(toLength length: Int) -> String {
        let count = self.count
        if count >= length { return String(prefix(Swift.max(length, 0))) }
        return String(self) + String(repeating: " ", count: length - count)
    }

    /// The first range of `word` in the text, ignoring case (ASCII letters and whatever `lowercased()` maps
    /// one character to one character), from `start` on.
    public func firstRangeIgnoringCase(of word: String, from start: Index? = nil) -> Range<Index>? {
        let wanted = Array(word.lowercased())
        guard !wanted.isEmpty else { return nil }
        var index = start ?? startIndex
        while index < endIndex {
            var probe = index
            var matched = 0
            while matched < wanted.count, probe < endIndex, self[probe].lowercased() == String(wanted[matched]) {
                probe = self.index(after: probe)
                matched += 1
            }
            if matched == wanted.count { return index..<probe }
            index = self.index(after: index)
        }
        return nil
    }
}
