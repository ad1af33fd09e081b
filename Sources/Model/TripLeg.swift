import FoundationEssentials

/// One stop of a trip: where, and from which day to which. A trip's legs join end to start: a leg begins on
/// the day the one before it ends, and the night of the move belongs to the leg arrived at.
public struct TripLeg: Sendable, Codable, Equatable {
    /// 1 for the first stop.
    public var position: Int
    /// The place as the traveller typed it.
    public var destination: String
    public var place: Place?
    public var start: CalendarDate
    public var end: CalendarDate
    /// What the traveller does at this stop (`--activities` after its `--then`; the first stop's before any).
    public var activities: [String]

    public init(
        position: Int, destination: String, place: Place?, start: CalendarDate, end: CalendarDate, activities: [String] = []
    ) {
        self.position = position
        self.destination = destination
        self.place = place
        self.start = start
        self.end = end
        self.activities = activities
    }

    /// Every stop's activities, once each, in the order of the stops: the trip's.
    public static func union(_ legs: [TripLeg]) -> [String] {
        var all: [String] = []
        for activity in legs.flatMap(\.activities) where !all.contains(activity) { all.append(activity) }
        return all
    }

    /// Nights at this stop.
    public var nights: Int { start.days(to: end) }

    /// "Denver, CO" for a place with a region, "Lisbon, PT" without one; the typed text when unresolved.
    public var shortLabel: String {
        guard let place else { return destination }
        let second = place.region.isEmpty ? place.country : place.region
        return second.isEmpty ? place.name : "\(place.name), \(second)"
    }

    /// "Denver": how a reason names the stop.
    public var name: String { place?.name ?? destination }

    /// The most stops a trip may have.
    public static let maximumCount = 20

    /// Why these legs are not one trip (a gap, an overlap, a stop ending before it starts), or nil when
    /// they join end to start. With several stops, every one lasts at least a night (the first included: a
    /// stop of no nights would be an empty part of the trip); a trip of one stop may be a day trip.
    public static func chainProblem(_ legs: [TripLeg]) -> String? {
        guard let first = legs.first else { return "a trip has at least one stop" }
        guard legs.count <= maximumCount else { return "a trip has at most \(maximumCount) stops" }
        if first.end < first.start { return "stop 1 ends (\(first.end)) before it starts (\(first.start))" }
        if legs.count > 1, first.end == first.start {
            return "stop 1 (\(first.shortLabel)) must end after \(first.start), the day it starts, when other stops follow"
        }
        for (index, leg) in legs.enumerated().dropFirst() {
            let previous = legs[index - 1]
            if leg.start > previous.end {
                return "stop \(index + 1) starts \(leg.start), after stop \(index) ends (\(previous.end)): a gap"
            }
            if leg.start < previous.end {
                return "stop \(index + 1) starts \(leg.start), before stop \(index) ends (\(previous.end)): an overlap"
            }
            if leg.end <= leg.start {
                return "stop \(index + 1) (\(leg.shortLabel)) must end after \(leg.start), the day it starts"
            }
        }
        if first.start.days(to: legs[legs.count - 1].end) > 366 { return "a trip can last at most a year (366 nights)" }
        return nil
    }

    /// The days a leg contributes to the whole trip's weather: its first day up to the day before it ends
    /// (that night belongs to the next stop); the last leg keeps its last day.
    public func ownDays(isLast: Bool) -> [CalendarDate] {
        let count = isLast ? nights + 1 : nights
        return (0..<max(count, isLast ? 1 : 0)).map { start.adding(days: $0) }
    }
}
