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
            return "no place called '\(Self.displayable(query))' is known."
        case let .gazetteerUnavailable(path):
            return "the place data file is missing or unreadable (\(path))."
        }
    }

    /// The query with control and invisible format characters shown as "?", cut to 60 characters.
    static func displayable(_ text: String) -> String {
        let cleaned = String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            [.control, .format].contains(scalar.properties.generalCategory) ? "?" : scalar
        }))
        return cleaned.count > 60 ? String(cleaned.prefix(57)) + "..." : cleaned
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
