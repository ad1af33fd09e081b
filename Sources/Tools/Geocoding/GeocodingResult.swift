import FoundationEssentials
import Model
import Store

/// The place a name resolved to, and the other places it could have meant.
public struct GeocodingResult: Sendable, Equatable {
    public var query: String
    public var place: Place
    /// Other places with the same name, most populous first (at most a few).
    public var alternatives: [Place]
    /// How many places matched in all.
    public var matchCount: Int
    /// Only a small town shares the name of what looks like a natural feature ("Lake Como, NJ"), or only an airport
    /// has the name: worth asking an online geocoder before settling on it.
    public var isTentative: Bool

    public init(query: String, place: Place, alternatives: [Place], matchCount: Int, isTentative: Bool = false) {
        self.query = query
        self.place = place
        self.alternatives = alternatives
        self.matchCount = matchCount
        self.isTentative = isTentative
    }

    /// The same result with one more place it could have been (a town that shares a region's name).
    func adding(_ alternative: Place) -> GeocodingResult {
        var result = self
        guard Self.isDistinct(alternative, from: place),
              !alternatives.contains(where: { $0.label == alternative.label }) else {
            return result
        }
        result.alternatives.append(alternative)
        result.matchCount += 1
        return result
    }

    /// Within this many metres, a place of the same country is the same place (a city and its prefecture, a town
    /// and its airport), unless both are towns of different regions (Kansas City, MO and KS).
    static let samePlaceRadius: Double = 50_000

    /// Whether `other` is a real alternative to `place`: in another country, or another region's town, or more
    /// than 50 km away; never the city's own district or prefecture ("Tokyo, JP" is not another Tokyo).
    static func isDistinct(_ other: Place, from place: Place) -> Bool {
        guard other.label != place.label else { return false }
        if other.country != place.country { return true }
        let metres = TripPlaces.distance(from: place, toLatitude: other.latitude, longitude: other.longitude)
        if metres > samePlaceRadius { return true }
        return other.kind == .city && place.kind == .city && other.region != place.region
    }

    /// The real alternatives among `others`, each label once, in order.
    static func distinct(_ others: [Place], from place: Place) -> [Place] {
        var kept: [Place] = []
        for other in others where isDistinct(other, from: place) && !kept.contains(where: { $0.label == other.label }) {
            kept.append(other)
        }
        return kept
    }

    /// "Also: Springfield, MA, US; Springfield, IL, US" or nil when unambiguous.
    public var ambiguityNote: String? {
        guard !alternatives.isEmpty else { return nil }
        let others = alternatives.map(\.label).joined(separator: "; ")
        let more = matchCount - 1 - alternatives.count
        return "'\(GeocodingError.displayable(query))' could also be: \(others)" + (more > 0 ? " (and \(more) more)" : "")
    }
}
