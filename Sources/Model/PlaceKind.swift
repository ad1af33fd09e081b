import FoundationEssentials

/// What kind of place a destination is. Anything but a city resolves to a representative point
/// (a region's largest city, a park's or an island's centre as the geocoder gives it).
public enum PlaceKind: String, Sendable, Codable, CaseIterable {
    case city
    case region
    case airport
    case park
    case lake
    case island
    case beach
    case coast
    case mountain
    case skiArea = "ski area"
    case area
    case landmark
    case other

    /// "a national park or other protected area", as said after a place's name.
    public var phrase: String {
        switch self {
        case .city: return "a city or town"
        case .region: return "a region"
        case .airport: return "an airport"
        case .park: return "a park or protected area"
        case .lake: return "a lake or other water"
        case .island: return "an island"
        case .beach: return "a beach"
        case .coast: return "a stretch of coast"
        case .mountain: return "a mountain or range"
        case .skiArea: return "a ski area"
        case .area: return "an area"
        case .landmark: return "a landmark"
        case .other: return "a place"
        }
    }
}
