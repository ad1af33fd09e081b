import Foundation

/// Why a destination could not be resolved.
public enum GeocodingError: Error, LocalizedError, Sendable, Equatable {
    /// Nothing by that name; the closest names we know, if any.
    case notFound(query: String, suggestions: [String])
    /// The gazetteer data file is missing or unreadable.
    case gazetteerUnavailable(path: String)

    public var errorDescription: String? {
        switch self {
        case let .notFound(query, _):
            return "no place called '\(query)' is known."
        case let .gazetteerUnavailable(path):
            return "the place data file is missing or unreadable (\(path))."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case let .notFound(_, suggestions):
            if suggestions.isEmpty {
                return "Check the spelling, or add the region or country: \"Portland, OR\", \"Paris, France\"."
            }
            return "Did you mean: " + suggestions.joined(separator: "; ") + "?"
        case .gazetteerUnavailable:
            return "Set PLAN_GAZETTEER to Data/gazetteer.sqlite, or install it beside the plan binary (see README)."
        }
    }
}
