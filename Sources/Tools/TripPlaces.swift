import FoundationEssentials
import Glibc
import Model
import Store

/// The places one planning session may ask the weather for: the trip's own destination (resolved when the
/// trip was added) and the places the session geocoded. Shared by the geocode and forecast tools, so the
/// forecast tool serves only points near a place the session actually knows.
public actor TripPlaces {
    /// Points farther than this from every known place are not fetched. 50 km keeps a metro area and its
    /// day trips (Denver to Boulder is 40 km) on one weather regime, and absorbs a model rounding or
    /// mistyping the last decimals (0.1° is 11 km), while refusing the made-up points seen from small
    /// models (29.21, −10.21 for Denver: 8,000 km off; 1, −1 for Seattle).
    public static let servedRadius: Double = 50_000

    /// At most this many places geocoded by one session are remembered (a model geocoding in a loop
    /// cannot widen what the forecast tool serves without bound).
    public static let maximumPlaces = 8

    /// The trip's destination, if it was resolved.
    public let destination: Place?
    /// The trip's other stops' places (a trip of several stops), each served like the destination.
    public let stops: [Place]
    private var geocoded: [Place] = []

    public init(destination: Place?, stops: [Place] = []) {
        self.destination = destination
        self.stops = stops
    }

    /// Remembers a place the session geocoded.
    public func remember(_ place: Place) {
        guard geocoded.count < Self.maximumPlaces,
              !geocoded.contains(where: { Self.distance(from: $0, toLatitude: place.latitude, longitude: place.longitude) < 1_000 })
        else { return }
        geocoded.append(place)
    }

    /// The known place nearest to the point, when it lies within `servedRadius` (the destination first).
    public func place(nearLatitude latitude: Double, longitude: Double) -> Place? {
        let candidates = (destination.map { [$0] } ?? []) + stops + geocoded
        let nearest = candidates.map { ($0, Self.distance(from: $0, toLatitude: latitude, longitude: longitude)) }
            .min { $0.1 < $1.1 }
        guard let (place, metres) = nearest, metres <= Self.servedRadius else { return nil }
        return place
    }

    /// Whether the point is the trip's own destination or one of its stops (within `servedRadius`).
    public func isDestination(latitude: Double, longitude: Double) -> Bool {
        ((destination.map { [$0] } ?? []) + stops).contains {
            Self.distance(from: $0, toLatitude: latitude, longitude: longitude) <= Self.servedRadius
        }
    }

    /// Great-circle distance in metres (haversine, mean Earth radius).
    public static func distance(from place: Place, toLatitude latitude: Double, longitude: Double) -> Double {
        let radians = Double.pi / 180
        let dLat = (latitude - place.latitude) * radians
        let dLon = (longitude - place.longitude) * radians
        let a = sin(dLat / 2) * sin(dLat / 2)
            + cos(place.latitude * radians) * cos(latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 6_371_000 * 2 * atan2(sqrt(a), sqrt(max(0, 1 - a)))
    }
}
