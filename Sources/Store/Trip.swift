import Foundation

/// A stored trip.
public struct Trip: Sendable, Codable, Equatable {
    public var id: Int
    public var name: String
    /// The destination as the traveller typed it.
    public var destination: String
    public var place: Place?
    public var start: CalendarDate
    public var end: CalendarDate
    public var activities: [String]
    public var createdAt: Date

    public init(
        id: Int, name: String, destination: String, place: Place?, start: CalendarDate, end: CalendarDate,
        activities: [String], createdAt: Date
    ) {
        self.id = id
        self.name = name
        self.destination = destination
        self.place = place
        self.start = start
        self.end = end
        self.activities = activities
        self.createdAt = createdAt
    }

    /// Nights away (a day trip has none).
    public var nights: Int { start.days(to: end) }

    /// Every day of the trip, first to last.
    public var days: [CalendarDate] {
        (0...max(0, nights)).map { start.adding(days: $0) }
    }
}

/// What `Store.addTrip` needs to create one.
public struct NewTrip: Sendable, Equatable {
    public var name: String
    public var destination: String
    public var place: Place?
    public var start: CalendarDate
    public var end: CalendarDate
    public var activities: [String]

    public init(
        name: String, destination: String, place: Place?, start: CalendarDate, end: CalendarDate,
        activities: [String] = []
    ) {
        self.name = name
        self.destination = destination
        self.place = place
        self.start = start
        self.end = end
        self.activities = activities
    }
}

/// A line of `plan list`: the trip and whether it has a packing list.
public struct TripSummary: Sendable, Equatable {
    public var trip: Trip
    public var hasPackingList: Bool
    public var packedAt: Date?
}
