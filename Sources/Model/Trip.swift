import FoundationEssentials

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
    /// The stops, in order (one for a one-place trip). `destination`, `place`, `start` and `end` are the
    /// first stop's destination and place and the whole trip's first and last day.
    public var legs: [TripLeg]
    /// When the dates, places or activities last changed (`plan edit`, `plan leg`); a list older is out of date.
    public var changedAt: Date?
    /// What changed then ("dates: Thu Dec 3 → Sun Dec 6 became Fri Dec 4 → Mon Dec 7").
    public var changeNote: String?
    /// How many times the dates, places or activities changed: a list made for an older revision is out
    /// of date, and an edit writes only over the revision it read.
    public var revision: Int
    /// Who is travelling.
    public var party: TripParty

    public init(
        id: Int, name: String, destination: String, place: Place?, start: CalendarDate, end: CalendarDate,
        activities: [String], createdAt: Date, legs: [TripLeg]? = nil, changedAt: Date? = nil, changeNote: String? = nil,
        revision: Int = 0, party: TripParty = .single
    ) {
        self.id = id
        self.name = name
        self.destination = destination
        self.place = place
        self.start = start
        self.end = end
        self.activities = activities
        self.createdAt = createdAt
        self.legs = legs ?? [TripLeg(
            position: 1, destination: destination, place: place, start: start, end: end, activities: activities
        )]
        self.changedAt = changedAt
        self.changeNote = changeNote
        self.revision = revision
        self.party = party
    }

    /// Whether the stops do different things (a conference, then skiing): the list is then made stop by stop.
    public var hasStopActivities: Bool {
        hasStops && Set(legs.map(\.activities)).count > 1
    }

    /// More than one stop.
    public var hasStops: Bool { legs.count > 1 }

    /// "Denver, CO → Moab, UT" for a trip of several stops; the place's label for one.
    public var placesLabel: String {
        hasStops ? legs.map(\.shortLabel).joined(separator: " → ") : (place?.label ?? destination)
    }

    /// Whether a list made for revision `listRevision` of this trip predates its last change, and why. By
    /// revision, never by the clock: a clock that was wrong at one edit does not decide about later lists.
    public func outOfDateReason(listRevision: Int) -> String? {
        guard listRevision < revision else { return nil }
        return changeNote ?? "the trip changed after the list was made"
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
    /// The first stop's activities.
    public var activities: [String]
    /// The stops after the first (`--then <place> --to <date>`): each begins the day the one before it ends.
    /// With stops, `end` is the first stop's last day.
    public var stops: [Stop]
    /// Who is travelling.
    public var party: TripParty = .single

    /// A stop after the first: where, its last day and what the traveller does there.
    public struct Stop: Sendable, Equatable {
        public var destination: String
        public var place: Place?
        public var end: CalendarDate
        public var activities: [String]

        public init(destination: String, place: Place? = nil, end: CalendarDate, activities: [String] = []) {
            self.destination = destination
            self.place = place
            self.end = end
            self.activities = activities
        }
    }

    public init(
        name: String, destination: String, place: Place?, start: CalendarDate, end: CalendarDate,
        activities: [String] = [], stops: [Stop] = []
    ) {
        self.name = name
        self.destination = destination
        self.place = place
        self.start = start
        self.end = end
        self.activities = activities
        self.stops = stops
    }

    /// Every stop with its dates, chained end to start.
    public var legs: [TripLeg] {
        var legs = [TripLeg(position: 1, destination: destination, place: place, start: start, end: end, activities: activities)]
        for stop in stops {
            let previous = legs[legs.count - 1]
            legs.append(TripLeg(
                position: legs.count + 1, destination: stop.destination, place: stop.place, start: previous.end, end: stop.end,
                activities: stop.activities
            ))
        }
        return legs
    }
}

/// A line of `plan list`: the trip and whether it has a packing list.
public struct TripSummary: Sendable, Equatable {
    public var trip: Trip
    public var hasPackingList: Bool
    public var packedAt: Date?

    /// A TripSummary of these parts.
    public init(
        trip: Trip, hasPackingList: Bool, packedAt: Date? = nil
    ) {
        self.trip = trip
        self.hasPackingList = hasPackingList
        self.packedAt = packedAt
    }
}
