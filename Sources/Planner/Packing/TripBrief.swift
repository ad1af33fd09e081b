import FoundationEssentials
import Model
import Store

/// The trip as a pack's prompt carries it, for the built-in engine (a model reads the prompt's text).
public struct TripBrief: Codable, Sendable, Equatable {
    public var destination: String
    public var start: CalendarDate
    public var end: CalendarDate
    public var nights: Int
    public var activities: [String]
    public var latitude: Double?
    public var longitude: Double?
    public var country: String?
    /// Every stop, for a trip of several (nil for one place: the fields above are its).
    public var stops: [Stop]?

    /// One stop of a trip of several.
    public struct Stop: Codable, Sendable, Equatable {
        /// "Denver": how reasons name it.
        public var name: String
        /// "Denver, CO, US": how the forecast tool names it.
        public var label: String
        public var start: CalendarDate
        public var end: CalendarDate
        public var latitude: Double?
        public var longitude: Double?
        /// The stop's own activities, when the stops do different things (nil: the trip's are every stop's).
        public var activities: [String]?
        /// The stop's ISO country code (nil in prompts recorded before stops said it).
        public var country: String?
    }
    /// Who is travelling (nil: one adult, and in prompts recorded before plan knew the party).
    public var party: TripParty?
    /// The traveller (nil in prompts recorded before plan knew them: the standard traveller).
    public var traveller: Traveller?
    /// The day the pack ran, to tell a trip in the past (nil in older prompts).
    public var today: CalendarDate?

    public init(_ trip: Trip) {
        destination = trip.place?.label ?? trip.destination
        start = trip.start
        end = trip.end
        nights = trip.nights
        activities = trip.activities
        latitude = trip.place?.latitude
        longitude = trip.place?.longitude
        country = trip.place?.country
        if trip.hasStops {
            stops = trip.legs.map { leg in
                Stop(
                    name: leg.name, label: leg.place?.label ?? leg.destination, start: leg.start, end: leg.end,
                    latitude: leg.place?.latitude, longitude: leg.place?.longitude,
                    activities: trip.hasStopActivities ? leg.activities : nil, country: leg.place?.country
                )
            }
        }
        party = trip.party == .single ? nil : trip.party
    }
}
