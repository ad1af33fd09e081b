import Foundation
import Store

/// The place a name resolved to, and the other places it could have meant.
public struct GeocodingResult: Sendable, Equatable {
    public var query: String
    public var place: Place
    /// Other places with the same name, most populous first (at most a few).
    public var alternatives: [Place]
    /// How many places matched in all.
    public var matchCount: Int

    /// "Also: Springfield, MA, US; Springfield, IL, US" or nil when unambiguous.
    public var ambiguityNote: String? {
        guard !alternatives.isEmpty else { return nil }
        let others = alternatives.map(\.label).joined(separator: "; ")
        let more = matchCount - 1 - alternatives.count
        return "'\(GeocodingError.displayable(query))' could also be: \(others)" + (more > 0 ? " (and \(more) more)" : "")
    }
}
