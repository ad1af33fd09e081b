import Foundation
import Store

/// `geocode`: a place name → name, region, country, coordinates and time zone, from the offline gazetteer, and
/// (when given an online geocoder) from the places looked up online before or now, through the cache.
/// A trip's own destination is answered with the place resolved when the trip was added.
public struct GeocodeTool: Tool {
    public struct Arguments: Sendable, Equatable {
        public var place: String
    }

    public let gazetteer: Gazetteer?
    /// Places already resolved, by lookup key of what was typed (the trip's destination).
    public let known: [String: Place]
    public let includesSchemaInInstructions: Bool
    /// Asked when the offline data has no confident answer; nil keeps the tool offline.
    public let online: OnlineGeocoder?

    public init(
        gazetteer: Gazetteer?, known: [String: Place] = [:], includesSchemaInInstructions: Bool = true,
        online: OnlineGeocoder? = nil
    ) {
        self.gazetteer = gazetteer
        self.online = online
        self.known = Dictionary(known.map { (PlaceName.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.includesSchemaInInstructions = includesSchemaInInstructions
    }

    public var name: String { "geocode" }
    public var description: String { "Find a place's coordinates and time zone." }
    public var parameters: JSONValue {
        [
            "type": "object",
            "properties": ["place": ["type": "string", "minLength": 1, "maxLength": 100, "description": "City, optionally with region or country"]],
            "required": ["place"],
            "additionalProperties": false,
        ]
    }

    public func arguments(from json: JSONValue) throws -> Arguments {
        guard let place = json["place"]?.stringValue else { throw ToolArgumentError(["$: missing \"place\""]) }
        return Arguments(place: place)
    }

    public func call(arguments: Arguments) async throws -> ToolOutput {
        let key = PlaceName.key(arguments.place)
        if let place = known[key] ?? known.values.first(where: { PlaceName.key($0.name) == key }) {
            return Self.output(place, alternatives: [])
        }
        if let online {
            let result = try await PlaceResolver(gazetteer: gazetteer, online: online).resolve(arguments.place)
            return Self.output(result.place, alternatives: result.alternatives)
        }
        guard let gazetteer else { throw GeocodingError.notFound(query: arguments.place, suggestions: []) }
        let result = try await gazetteer.resolve(arguments.place)
        return Self.output(result.place, alternatives: result.alternatives)
    }

    static func output(_ place: Place, alternatives: [Place]) -> ToolOutput {
        var text = String(
            format: "%@: latitude %.4f, longitude %.4f, time zone %@", place.label, place.latitude, place.longitude,
            place.timeZone
        )
        if place.kind != .city {
            text += " (\(place.kind.phrase); the point stands for all of it)"
        }
        if !alternatives.isEmpty {
            text += ". Others: " + alternatives.prefix(3).map(\.label).joined(separator: "; ")
        }
        let payload: JSONValue = [
            "name": .string(place.name), "region": .string(place.region), "country": .string(place.country),
            "latitude": .number(place.latitude), "longitude": .number(place.longitude),
            "timeZone": .string(place.timeZone), "kind": .string(place.kind.rawValue),
        ]
        return ToolOutput(text: text, payload: payload)
    }
}
