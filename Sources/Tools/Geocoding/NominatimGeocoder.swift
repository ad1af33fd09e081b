import FoundationEssentials
import Basics
import JSON
import LanguageModels
import Model
import Store

/// OpenStreetMap's Nominatim (`GET /search?q=…&format=jsonv2`; data © OpenStreetMap contributors, ODbL), read
/// through the HTTP cache behind a `RateLimitedTransport`. It finds what Open-Meteo lacks: parks, lakes,
/// islands, coasts, mountains.
public struct NominatimGeocoder: Sendable {
    public static let service = "Nominatim"
    let http: HTTPClient
    let base: URL

    public init(http: HTTPClient, base: URL) {
        self.http = http
        self.base = base
    }

    func url(for query: String) throws -> URL {
        try GeocoderRequest.url(base: base, path: "search", query: [
            ("q", query), ("format", "jsonv2"), ("limit", "5"), ("addressdetails", "1"), ("accept-language", "en"),
        ], service: Self.service)
    }

    /// Candidates for free text, most important first; `[]` when nothing matches.
    public func search(_ query: String) async throws -> [OnlineCandidate] {
        let results = try await GeocoderRequest.document(http, try url(for: query), service: Self.service, shape: .array)
        return (results.arrayValue ?? []).prefix(5).compactMap(Self.candidate(from:))
    }

    static func candidate(from result: JSONValue) -> OnlineCandidate? {
        guard let latitudeText = result["lat"]?.stringValue, let latitude = Double(latitudeText),
              (-90...90).contains(latitude),
              let longitudeText = result["lon"]?.stringValue, let longitude = Double(longitudeText),
              (-180...180).contains(longitude)
        else { return nil }
        let display = result["display_name"]?.stringValue ?? ""
        let name = result["name"]?.stringValue.flatMap { $0.isEmpty ? nil : $0 }
            ?? display.split(separator: ",").first.map { $0.trimming(.whitespaces) } ?? ""
        guard !name.isEmpty, name.count <= 200 else { return nil }
        let address = result["address"]
        guard let country = GeocoderRequest.countryCode(address?["country_code"]?.stringValue) else { return nil }
        let region = Place.bounded(address?["state"]?.stringValue ?? address?["province"]?.stringValue ?? "")
        let rank = result["place_rank"]?.doubleValue ?? 30
        return OnlineCandidate(
            name: name, regionName: region, country: country, latitude: latitude, longitude: longitude,
            timeZone: nil,
            kind: kind(category: result["category"]?.stringValue ?? "", type: result["type"]?.stringValue ?? "", rank: rank),
            source: "nominatim",
            sourceID: result["osm_type"]?.stringValue.flatMap { type in
                result["osm_id"]?.doubleValue.flatMap { Int(checked: $0, in: 0...Int(1e15)) }.map { "\(type)/\($0)" }
            },
            population: nil
        )
    }

    /// OpenStreetMap's category and type → kinds of place.
    static func kind(category: String, type: String, rank: Double) -> PlaceKind {
        switch (category, type) {
        case ("boundary", "national_park"), ("boundary", "protected_area"), ("leisure", "nature_reserve"),
             ("leisure", "park"):
            return .park
        case ("natural", "water"), ("natural", "lake"), ("water", _), ("waterway", _):
            return .lake
        case ("place", "island"), ("place", "islet"), ("place", "archipelago"):
            return .island
        case ("natural", "beach"):
            return .beach
        case ("natural", "coastline"), ("natural", "peninsula"), ("natural", "cape"), ("natural", "bay"):
            return .coast
        case ("natural", "peak"), ("natural", "volcano"), ("natural", "mountain_range"), ("natural", "ridge"):
            return .mountain
        case ("landuse", "winter_sports"), ("leisure", "ski_resort"):
            return .skiArea
        case ("aeroway", _):
            return .airport
        case ("place", "city"), ("place", "town"), ("place", "village"), ("place", "hamlet"), ("place", "suburb"):
            return .city
        case ("place", "state"), ("place", "province"):
            return .region
        case ("boundary", "administrative"):
            return rank <= 8 ? .region : .area
        case ("place", _), ("natural", _):
            return .area
        case ("tourism", _), ("historic", _):
            return .landmark
        default:
            return .other
        }
    }
}
