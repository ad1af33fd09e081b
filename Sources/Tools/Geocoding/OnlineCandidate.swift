import FoundationEssentials
import Model
import Store

/// One answer from an online geocoder, before its region is labelled and its time zone is known.
public struct OnlineCandidate: Sendable, Equatable {
    public var name: String
    /// The first-level region's name as the service gives it ("California", "Ontario"); may be empty.
    public var regionName: String
    /// ISO 3166 alpha-2, upper case; may be empty (open sea, Antarctica).
    public var country: String
    public var latitude: Double
    public var longitude: Double
    /// IANA time zone, when the service gives one (Open-Meteo does, Nominatim does not).
    public var timeZone: String?
    public var kind: PlaceKind
    public var source: String
    public var sourceID: String?
    public var population: Int?
}
