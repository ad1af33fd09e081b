import FoundationEssentials
import Model
import Store

/// One stop of a trip whose stops do different things, as the packing rules see it: its name, its days and
/// its activities. Its kits are counted for its days and cite it ("for skiing in Aspen").
public struct StopPlan: Sendable, Codable, Equatable {
    /// "Aspen": how reasons name it.
    public var name: String
    /// The stop's first day.
    public var start: CalendarDate
    /// The stop's last day (the day of the move on, for a stop before the last).
    public var end: CalendarDate
    /// Whether it is the trip's last stop (it keeps its last day's weather).
    public var isLast: Bool
    public var activities: [String]
    public var latitude: Double?
    /// Where the stop is east or west, and its ISO country code, when known (malaria's areas).
    public var longitude: Double?
    public var country: String?

    public init(
        name: String, start: CalendarDate, end: CalendarDate, isLast: Bool, activities: [String], latitude: Double? = nil,
        longitude: Double? = nil, country: String? = nil
    ) {
        self.name = name
        self.start = start
        self.end = end
        self.isLast = isLast
        self.activities = activities
        self.latitude = latitude
        self.longitude = longitude
        self.country = country
    }

    /// Each stop's plan, when the trip's stops do different things; empty otherwise.
    public static func plans(for trip: Trip) -> [StopPlan] {
        guard trip.hasStopActivities else { return [] }
        return trip.legs.enumerated().map { index, leg in
            StopPlan(
                name: leg.name, start: leg.start, end: leg.end, isLast: index == trip.legs.count - 1,
                activities: ActivityKits.canonical(leg.activities), latitude: leg.place?.latitude,
                longitude: leg.place?.longitude, country: leg.place?.country
            )
        }
    }

    /// Every stop of a trip of several, whatever their activities (their days, names and latitudes: where the
    /// sun is worked out); empty for a trip to one place.
    public static func legs(of trip: Trip) -> [StopPlan] {
        guard trip.hasStops else { return [] }
        return trip.legs.enumerated().map { index, leg in
            StopPlan(
                name: leg.name, start: leg.start, end: leg.end, isLast: index == trip.legs.count - 1,
                activities: ActivityKits.canonical(leg.activities), latitude: leg.place?.latitude,
                longitude: leg.place?.longitude, country: leg.place?.country
            )
        }
    }

    /// Whether `date` is one of the stop's own days (the night of a move belongs to the stop arrived at).
    public func owns(_ date: CalendarDate) -> Bool {
        date >= start && (isLast ? date <= end : date < end)
    }

    /// "for skiing in Aspen", "for the beach in Phuket", "for work in Hanoi".
    public static func purpose(_ kit: String, at stop: String) -> String {
        let phrase = kitPhrases[kit] ?? kit
        return "for \(phrase) in \(stop)"
    }

    static let kitPhrases: [String: String] = [
        "beach": "the beach", "business": "work", "conference": "the conference", "wedding": "the wedding",
        "formal dinner": "the formal dinner", "funeral": "the funeral", "race": "the race", "gym": "the gym",
        "northern lights": "the northern lights", "hot springs": "the hot springs", "road trip": "the road trip",
        "cruise": "the cruise", "safari": "the safari", "carry-on only": "a carry-on bag", "long flight": "the flight",
    ]
}
