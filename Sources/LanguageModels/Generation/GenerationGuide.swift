import FoundationEssentials

/// A constraint on a generated value, as Foundation Models' `GenerationGuide`. Each guide is compiled into
/// the JSON Schema a backend constrains decoding with, and checked again after generation.
public enum GenerationGuide: Sendable, Equatable {
    /// A number from `lowerBound` through `upperBound` (integers and numbers).
    case range(ClosedRange<Double>)
    /// A number at least this.
    case minimum(Double)
    /// A number at most this.
    case maximum(Double)
    /// An array of exactly this many elements.
    case count(Int)
    /// An array of at least this many elements.
    case minimumCount(Int)
    /// An array of at most this many elements.
    case maximumCount(Int)
    /// A string that is one of these.
    case anyOf([String])
    /// A string matching this regular expression (anchored: the whole string).
    case pattern(String)
    /// Exactly this string.
    case constant(String)
    /// A string of this many characters (a bound on what a model may ramble).
    case length(ClosedRange<Int>)

    /// A range over integers.
    public static func range(_ range: ClosedRange<Int>) -> GenerationGuide {
        .range(Double(range.lowerBound)...Double(range.upperBound))
    }

    /// Whether the guide constrains an array itself (rather than its elements).
    var isCountGuide: Bool {
        switch self {
        case .count, .minimumCount, .maximumCount: return true
        default: return false
        }
    }
}
