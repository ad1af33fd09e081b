/// A set of Unicode scalars to trim or split on: what plan used Foundation's `CharacterSet` for, without
/// linking Foundation's internationalised half (ICU's 34 MB data table; issue 47).
public struct ScalarSet: Sendable {
    private let test: @Sendable (Unicode.Scalar) -> Bool

    public init(_ test: @escaping @Sendable (Unicode.Scalar) -> Bool) {
        self.test = test
    }

    /// The scalars of `characters`.
    public init(_ characters: String) {
        let members = Set(characters.unicodeScalars)
        self.test = { members.contains($0) }
    }

    public func contains(_ scalar: Unicode.Scalar) -> Bool {
        test(scalar)
    }

    /// Spaces and tabs: the scalars of general category Zs, U+0009 and U+200B (zero width space), as
    /// Foundation's `CharacterSet.whitespaces` has them.
    public static let whitespaces = ScalarSet { $0 == "\t" || $0 == "\u{200B}" || $0.properties.generalCategory == .spaceSeparator }

    /// `whitespaces` and the line breaks U+000A–U+000D, U+0085, U+2028 and U+2029, as
    /// `CharacterSet.whitespacesAndNewlines`.
    public static let whitespacesAndNewlines = ScalarSet { scalar in
        switch scalar.value {
        case 0x09...0x0D, 0x85, 0x200B, 0x2028, 0x2029: return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }
}
