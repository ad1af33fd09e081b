// The standard library's own normalisation (the same SPI swift-foundation's NFD uses).
@_spi(_Unicode) import Swift

/// Unicode normalisation forms, from the standard library's own tables: what plan used Foundation's
/// `precomposedStringWithCanonicalMapping` and kin for, without ICU (issue 47).
public enum UnicodeForms {
    /// Canonical composition (NFC).
    public static func composed(_ text: String) -> String {
        String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// Canonical decomposition (NFD).
    public static func decomposed(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd { scalars.append(scalar) }
        return String(scalars)
    }

    /// Lowercased, without diacritics (NFD with its nonspacing marks dropped): "Crème" → "creme", as Foundation's
    /// `folding(options: [.caseInsensitive, .diacriticInsensitive])`.
    public static func folded(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return text.lowercased() }
        var scalars = String.UnicodeScalarView()
        for scalar in text._nfd where scalar.properties.generalCategory != .nonspacingMark { scalars.append(scalar) }
        return String(scalars).lowercased()
    }

    /// Compatibility decomposition as far as it matters for ASCII keys: NFD, with every scalar whose NFKD
    /// yields an ASCII letter or digit ("ﬁ", "Ｔ", "²", "𝐀") replaced by it (CompatibilityTable).
    public static func compatibilityDecomposed(_ text: String) -> String {
        let canonical = decomposed(text)
        guard !canonical.utf8.allSatisfy({ $0 < 0x80 }) else { return canonical }
        var scalars = String.UnicodeScalarView()
        for scalar in canonical.unicodeScalars {
            if scalar.value >= 0x80, let replacement = compatibility[scalar.value] {
                scalars.append(contentsOf: replacement.unicodeScalars)
            } else {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// CompatibilityTable's rows, read once.
    private static let compatibility: [UInt32: String] = {
        var table: [UInt32: String] = [:]
        for row in CompatibilityTable.rows {
            guard let equals = row.firstIndex(of: "="), let scalar = UInt32(row[..<equals], radix: 16) else { continue }  // parses text
            table[scalar] = String(row[row.index(after: equals)...])
        }
        return table
    }()
}
