import FoundationEssentials
import LanguageModels
import Model
import Store

/// `geocode`: a place name → name, region, country, coordinates and time zone, from the offline gazetteer, and
/// (when given an online geocoder) from the places looked up online before or now, through the cache.
/// A trip's own destination is answered with the place resolved when the trip was added.
public struct GeocodeTool: Tool {
    /// A place name.
    public struct Arguments: Generable, Equatable {
        public var place: String

        public init(place: String) {
            self.place = place
        }

        public static let generationSchema = GenerationSchema.object(Arguments.self, [
            .init(\.place, "place", description: "City, optionally with region or country", .length(1...100)),
        ])
    }

    public let gazetteer: Gazetteer?
    /// Places already resolved, by lookup key of what was typed (the trip's destination).
    public let known: [String: Place]
    public let includesSchemaInInstructions: Bool
    /// The session's places: what it geocodes is remembered there (the forecast tool serves those), and a
    /// name that matches nothing is answered with the trip's destination once before it fails the session.
    public let places: TripPlaces?
    private let misses = MissCounter()
    /// Asked when the offline data has no confident answer; nil keeps the tool offline.
    public let online: OnlineGeocoder?

    public init(
        gazetteer: Gazetteer?, known: [String: Place] = [:], places: TripPlaces? = nil, includesSchemaInInstructions: Bool = true,
        online: OnlineGeocoder? = nil
    ) {
        self.gazetteer = gazetteer
        self.online = online
        self.known = Dictionary(known.map { (PlaceName.key($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.places = places
        self.includesSchemaInInstructions = includesSchemaInInstructions
    }

    public var name: String { "geocode" }
    public var description: String { "Find a place's coordinates and time zone." }

    public func call(arguments: Arguments) async throws -> GeocodeAnswer {
        let key = PlaceName.key(arguments.place)
        if let place = known[key] ?? known.values.first(where: { PlaceName.key($0.name) == key }) {
            return Self.output(place, alternatives: [])
        }
        do {
            let result: GeocodingResult
            if let online {
                result = try await PlaceResolver(gazetteer: gazetteer, online: online).resolve(arguments.place)
            } else {
                guard let gazetteer else { throw GeocodingError.notFound(query: arguments.place, suggestions: []) }
                result = try await gazetteer.resolve(arguments.place)
            }
            await places?.remember(result.place)
            return Self.output(result.place, alternatives: result.alternatives)
        } catch let GeocodingError.notFound(query, suggestions) {
            // A session bound to a trip tells the model where the trip is, once; a second miss ends it.
            guard let places, let destination = places.destination, await misses.isFirst() else {
                throw GeocodingError.notFound(query: query, suggestions: suggestions)
            }
            var text = "No place called \"\(GeocodingError.displayable(query))\" is known"
            if !suggestions.isEmpty { text += " (did you mean: \(suggestions.prefix(3).joined(separator: "; ")))" }
            text += String(
                ". The trip's destination is \(destination.label): latitude \(FixedDecimal.text(destination.latitude, places: 4)), "
                    + "longitude \(FixedDecimal.text(destination.longitude, places: 4))."
            )
            return GeocodeAnswer(place: nil, text: text)
        }
    }

    /// Counts names that matched nothing. An actor: tools are shared across tasks.
    actor MissCounter {
        private var count = 0

        /// Counts a miss; true for the first.
        func isFirst() -> Bool {
            count += 1
            return count == 1
        }
    }

    static func output(_ place: Place, alternatives: [Place]) -> GeocodeAnswer {
        var text = "\(place.label): latitude \(FixedDecimal.text(place.latitude, places: 4)), longitude "
            + "\(FixedDecimal.text(place.longitude, places: 4)), time zone \(place.timeZone)"
        if place.kind != .city {
            text += " (\(place.kind.phrase); the point stands for all of it)"
        }
        if !alternatives.isEmpty {
            text += ". Others: " + alternatives.prefix(3).map(\.label).joined(separator: "; ")
        }
        return GeocodeAnswer(place: place, text: text)
    }
}
