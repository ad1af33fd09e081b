import FoundationEssentials

/// Why a destination could not be resolved.
public enum GeocodingError: Error, LocalizedError, Sendable, Equatable {
    /// Nothing by that name; the closest names we know, if any.
    case notFound(query: String, suggestions: [String])
    /// The gazetteer data file is missing or unreadable.
    case gazetteerUnavailable(path: String)
    /// The place data file is there but damaged (not SQLite, truncated, tables missing, views in it).
    case gazetteerDamaged(path: String)
    /// Not in the offline data, and the online geocoders could not be asked (offline mode, or both down);
    /// `reason` says why, `suggestions` are the closest offline names.
    case notInOfflineData(query: String, suggestions: [String], reason: String)
    /// A rate-limited service asked plan to wait longer than it will.
    case rateLimited(service: String, seconds: Int)

    public var errorDescription: String? {
        switch self {
        case let .notFound(query, _):
            return "no place called '\(Self.displayable(query))' is known."
        case let .gazetteerUnavailable(path):
            return "the place data file is missing or unreadable (\(path))."
        case let .gazetteerDamaged(path):
            return "the place data file \(path) is damaged, and the place could not be found online either."
        case let .notInOfflineData(query, _, reason):
            return "'\(Self.displayable(query))' is not in the offline place data, and it could not be looked up online (\(reason))."
        case let .rateLimited(service, seconds):
            return "\(service) asked plan to wait \(seconds) s before asking again"
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
        case .gazetteerDamaged:
            return "Rebuild it with scripts/build-gazetteer.sh (Data/gazetteer.sqlite), or set PLAN_GAZETTEER to a sound copy."
        case .gazetteerUnavailable:
            return "Run scripts/build-gazetteer.sh (it builds Data/gazetteer.sqlite), or set PLAN_GAZETTEER (see README)."
        case let .notInOfflineData(_, suggestions, _):
            let online = "plan looks places up online (Open-Meteo, then OpenStreetMap) when it can: try again online"
            if suggestions.isEmpty {
                return online + ", or add the region or country: \"Portland, OR\", \"Paris, France\"."
            }
            return online + ". Did you mean: " + suggestions.joined(separator: "; ") + "?"
        case .rateLimited:
            return "Try again in a little while."
        }
    }
}
