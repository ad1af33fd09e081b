import FoundationEssentials

/// A resolved destination: where it is and which clock it keeps.
public struct Place: Sendable, Codable, Equatable, Hashable {
    /// The row id once stored; nil before.
    public var id: Int?
    public var name: String
    /// State, province or other first-level division ("NC", "Île-de-France"); may be empty.
    public var region: String
    /// ISO 3166 alpha-2 country code ("US", "FR").
    public var country: String
    public var latitude: Double
    public var longitude: Double
    /// IANA time zone ("America/Denver").
    public var timeZone: String
    /// Where the place came from: `gazetteer`, `open-meteo`, `nominatim` or `typed`.
    public var source: String
    /// The source's own id (GeoNames id), when it has one.
    public var sourceID: String?
    public var population: Int?
    /// A city, or a region, park, island… resolved to a representative point.
    public var kind: PlaceKind

    public init(
        id: Int? = nil, name: String, region: String, country: String, latitude: Double, longitude: Double,
        timeZone: String, source: String, sourceID: String? = nil, population: Int? = nil, kind: PlaceKind = .city
    ) {
        self.id = id
        self.name = name
        self.region = region
        self.country = country
        self.latitude = latitude
        self.longitude = longitude
        self.timeZone = timeZone
        self.source = source
        self.sourceID = sourceID
        self.population = population
        self.kind = kind
    }

    /// Decodes a place; one written before places had kinds is a city.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeIfPresent(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        region = try container.decode(String.self, forKey: .region)
        country = try container.decode(String.self, forKey: .country)
        latitude = try container.decode(Double.self, forKey: .latitude)
        longitude = try container.decode(Double.self, forKey: .longitude)
        timeZone = try container.decode(String.self, forKey: .timeZone)
        source = try container.decode(String.self, forKey: .source)
        sourceID = try container.decodeIfPresent(String.self, forKey: .sourceID)
        population = try container.decodeIfPresent(Int.self, forKey: .population)
        kind = try container.decodeIfPresent(PlaceKind.self, forKey: .kind) ?? .city
        guard latitude.isFinite, (-90...90).contains(latitude), longitude.isFinite, (-180...180).contains(longitude) else {
            throw DecodingError.dataCorruptedError(
                forKey: .latitude, in: container, debugDescription: "coordinates out of range"
            )
        }
        self = bounded
    }

    /// The longest name, region or country plan stores or shows (characters): an outside text longer than
    /// this is cut before it is stored, and a longer stored one is cut on reading (issue 20).
    public static let maximumTextLength = 200
    /// The longest time zone, source or source id kept.
    public static let maximumCodeLength = 100

    /// `text` cut to `limit` characters.
    public static func bounded(_ text: String, _ limit: Int = maximumTextLength) -> String {
        text.count <= limit ? text : String(text.prefix(limit))
    }

    /// The place with every text cut to its limit.
    public var bounded: Place {
        var place = self
        place.name = Place.bounded(name)
        place.region = Place.bounded(region)
        place.country = Place.bounded(country, 40)
        place.timeZone = Place.bounded(timeZone, Place.maximumCodeLength)
        place.source = Place.bounded(source, Place.maximumCodeLength)
        place.sourceID = sourceID.map { Place.bounded($0, Place.maximumCodeLength) }
        return place
    }

    /// "Denver, CO, US".
    public var label: String {
        [name, region, country].filter { !$0.isEmpty }.joined(separator: ", ")
    }
}
