import FoundationEssentials
import JSON
import LanguageModels
import Model
import Store

/// Open-Meteo's geocoding API (GeoNames data, CC BY 4.0): `GET /v1/search?name=…`, read through the HTTP cache.
/// Mostly populated places; parks, lakes and islands are often missing.
public struct OpenMeteoGeocoder: Sendable {
    public static let service = "Open-Meteo geocoding"
    let http: HTTPClient
    let base: URL

    public init(http: HTTPClient, base: URL) {
        self.http = http
        self.base = base
    }

    /// The URL asked for `name` (one fixed shape, so the cache key is stable).
    func url(for name: String) throws -> URL {
        try GeocoderRequest.url(base: base, path: "v1/search", query: [
            ("name", name), ("count", "10"), ("language", "en"), ("format", "json"),
        ], service: Self.service)
    }

    /// Candidates for `name`, best first; `[]` when the service knows none.
    public func search(_ name: String) async throws -> [OnlineCandidate] {
        let document = try await GeocoderRequest.document(http, try url(for: name), service: Self.service, shape: .object)
        guard let results = document["results"]?.arrayValue else { return [] }
        return results.prefix(10).compactMap(Self.candidate(from:))
    }

    /// One result, or nil when it lacks what a place needs or its numbers are out of range.
    static func candidate(from result: JSONValue) -> OnlineCandidate? {
        guard let name = result["name"]?.stringValue, !name.isEmpty, name.count <= 200,
              let latitude = result["latitude"]?.doubleValue, (-90...90).contains(latitude),
              let longitude = result["longitude"]?.doubleValue, (-180...180).contains(longitude)
        else { return nil }
        guard let country = GeocoderRequest.countryCode(result["country_code"]?.stringValue) else { return nil }
        let population = result["population"]?.doubleValue.flatMap { Int(checked: $0, in: 0...10_000_000_000) }
        let id = result["id"]?.doubleValue.flatMap { Int(checked: $0, in: 0...1_000_000_000_000) }.map(String.init)
        return OnlineCandidate(
            name: name, regionName: Place.bounded(result["admin1"]?.stringValue ?? ""), country: country,
            latitude: latitude, longitude: longitude, timeZone: result["timezone"]?.stringValue,
            kind: kind(featureCode: result["feature_code"]?.stringValue ?? ""), source: "open-meteo",
            sourceID: id, population: population
        )
    }

    /// GeoNames feature codes → kinds of place.
    static func kind(featureCode code: String) -> PlaceKind {
        switch code {
        case _ where code.hasPrefix("PPL"): return .city
        case "ADM1", "PCLI", "PCLD", "PCLF", "PCLS", "TERR": return .region
        case _ where code.hasPrefix("ADM"): return .area
        case "ISL", "ISLS", "ISLET", "ISLT", "ATOL", "ISLX": return .island
        case "LK", "LKS", "LKI", "LKN", "RSV", "LGN", "BAY": return .lake
        case "PRK", "RESN", "RESF", "RESW", "RES", "RESV": return .park
        case "MT", "MTS", "PK", "PKS", "VLC", "HLL", "HLLS", "RDGE": return .mountain
        case "BCH", "BCHS": return .beach
        case "CST", "CAPE", "PEN": return .coast
        case "AIRP", "AIRF": return .airport
        case "RGN", "AREA", "VAL", "DSRT", "FRST": return .area
        default: return .other
        }
    }
}
