import FoundationEssentials
import JSON
import LanguageModels
import Model
import Store

/// What the two online geocoders (Open-Meteo's and Nominatim) share: the search URL with its fixed query
/// (one shape, so the cache key is stable), the GET through the HTTP cache that keeps only JSON of the
/// expected shape, and the check of a result's country code.
enum GeocoderRequest {
    /// The top-level JSON an answer must have.
    enum Shape {
        case array, object

        func fits(_ value: JSONValue?) -> Bool {
            switch self {
            case .array: value?.arrayValue != nil
            case .object: value?.objectValue != nil
            }
        }
    }

    /// `base/path?name=value&…`, the items in the order given.
    static func url(base: URL, path: String, query: [(String, String)], service: String) throws -> URL {
        var components = URLComponents(url: base.appending(path: path), resolvingAgainstBaseURL: false)
        components?.queryItems = query.map { URLQueryItem(name: $0.0, value: $0.1) }
        guard let url = components?.url else { throw ServiceError.malformed(service: service, detail: "bad URL") }
        return url
    }

    /// The answer at `url`, through the cache; a body that is not JSON of `shape` is neither stored nor returned.
    static func document(_ http: HTTPClient, _ url: URL, service: String, shape: Shape) async throws -> JSONValue {
        let response = try await http.get(url, service: service, kind: .place, accepts: { data in
            shape.fits(try? JSONValue.parse(data))
        })
        guard let document = try? JSONValue.parse(response.body), shape.fits(document) else {
            throw ServiceError.malformed(service: service, detail: shape == .array ? "not a JSON array" : "not a JSON object")
        }
        return document
    }

    /// A result's ISO 3166 country code in capitals: "" when it gives none, nil when it is not two ASCII letters.
    static func countryCode(_ text: String?) -> String? {
        let country = (text ?? "").uppercased()
        guard country.isEmpty || (country.count == 2 && country.allSatisfy { $0.isASCII && $0.isLetter }) else { return nil }
        return country
    }
}
