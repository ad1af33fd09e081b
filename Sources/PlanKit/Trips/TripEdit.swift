import FoundationEssentials
import Model

/// Why an edit of a trip cannot be made (the command line reports it as a usage error: exit 64).
public struct TripEditError: Error, LocalizedError, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var errorDescription: String? { message }
}

/// The arithmetic of changing a trip's stops (`plan edit`, `plan leg add`, `plan leg rm`): the new legs,
/// checked to join end to start, and the note saying what changed for a list made before.
public enum TripEdit {
    /// The legs after moving dates or replacing a place. With `leg` (1-based), `from` and `to` move that
    /// stop's first and last day together with the neighbouring stop's; without it, the trip's first and last.
    public static func legs(
        of trip: Trip, leg: Int?, from: CalendarDate?, to: CalendarDate?, destination: String?, place: Place?
    ) throws -> [TripLeg] {
        var legs = trip.legs
        if let leg, !(1...legs.count).contains(leg) {
            throw TripEditError(legs.count == 1
                ? "trip \(trip.id) has one stop, so there is no --leg \(leg)."
                : "trip \(trip.id) has \(legs.count) stops; --leg must be 1 to \(legs.count).")
        }
        if destination != nil, legs.count > 1, leg == nil {
            throw TripEditError("trip \(trip.id) has \(legs.count) stops; say which one's place to change with --leg <n>.")
        }
        let first = (leg ?? 1) - 1
        let last = (leg ?? legs.count) - 1
        if let from {
            legs[first].start = from
            if first > 0 { legs[first - 1].end = from }
        }
        if let to {
            legs[last].end = to
            if last + 1 < legs.count { legs[last + 1].start = to }
        }
        if let destination {
            legs[first].destination = destination
            legs[first].place = place
        }
        if legs.count == 1 {
            if legs[0].end < legs[0].start {
                throw TripEditError(Self.backwards(trip, from: from, to: to, legs: legs))
            }
            if legs[0].nights > 366 { throw TripEditError("a trip can last at most a year (366 nights).") }
        } else if let problem = TripLeg.chainProblem(legs) {
            throw TripEditError(problem + ".")
        }
        return legs
    }

    /// Why a one-stop trip's new dates run backwards, naming what was given and what it collides with: both
    /// dates, or the one given against the trip's own other day.
    static func backwards(_ trip: Trip, from: CalendarDate?, to: CalendarDate?, legs: [TripLeg]) -> String {
        switch (from, to) {
        case let (from?, nil):
            return "--from \(from) is after \(legs[0].end), the day trip \(trip.id) ends; give a new --to as well."
        case let (nil, to?):
            return "--to \(to) is before \(legs[0].start), the day trip \(trip.id) starts; give a new --from as well."
        default:
            return "--to \(legs[0].end) is before --from \(legs[0].start)."
        }
    }

    /// The legs with a new stop after the last, from the day the trip ends to `end`.
    public static func adding(_ destination: String, place: Place?, end: CalendarDate, to trip: Trip) throws -> [TripLeg] {
        guard trip.legs.count < TripLeg.maximumCount else {
            throw TripEditError("trip \(trip.id) already has \(TripLeg.maximumCount) stops, the most a trip may have.")
        }
        guard end > trip.end else {
            throw TripEditError("--to \(end) must be after \(trip.end), the day trip \(trip.id) ends (the new stop begins then).")
        }
        let legs = trip.legs + [TripLeg(position: trip.legs.count + 1, destination: destination, place: place, start: trip.end, end: end)]
        if let problem = TripLeg.chainProblem(legs) { throw TripEditError(problem + ".") }
        return legs
    }

    /// The legs without stop `number`: the first or last going shortens the trip; one in the middle gives
    /// its days to the stop before it.
    public static func removing(_ number: Int, from trip: Trip) throws -> [TripLeg] {
        guard trip.legs.count > 1 else {
            throw TripEditError("trip \(trip.id) has one stop; delete the trip instead with 'plan rm \(trip.id)'.")
        }
        guard (1...trip.legs.count).contains(number) else {
            throw TripEditError("trip \(trip.id) has \(trip.legs.count) stops; <n> must be 1 to \(trip.legs.count).")
        }
        var legs = trip.legs
        let removed = legs.remove(at: number - 1)
        if number > 1, number <= legs.count { legs[number - 2].end = removed.end }
        for index in legs.indices { legs[index].position = index + 1 }
        return legs
    }

    /// What changed between the old legs, activities and party and the new, for a list made before: nil
    /// when nothing a list depends on changed.
    public static func note(old: Trip, legs: [TripLeg], party: TripParty? = nil) -> String? {
        var parts: [String] = []
        let single = old.legs.count == 1 && legs.count == 1
        if old.legs.count == legs.count {
            for (before, after) in zip(old.legs, legs) {
                let stop = single ? "" : "stop \(after.position) "
                if before.destination != after.destination || before.place?.label != after.place?.label {
                    parts.append("\(single ? "place" : "stop \(after.position)") \(before.shortLabel) became \(after.shortLabel)")
                }
                if before.start != after.start || before.end != after.end {
                    parts.append("\(stop.isEmpty ? "dates" : stop + "dates") \(span(before)) became \(span(after))")
                }
                if before.activities != after.activities {
                    parts.append("\(stop)activities \(listed(before.activities)) became \(listed(after.activities))")
                }
            }
        }
        if let party, party != old.party {
            parts.append("travelling \(old.party.label) became \(party.label)")
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// "ski, hiking"; "none".
    static func listed(_ activities: [String]) -> String {
        activities.isEmpty ? "none" : activities.joined(separator: ", ")
    }

    /// "Thu Dec 3 → Sun Dec 6".
    public static func span(_ leg: TripLeg) -> String {
        "\(leg.start.shortLabel) → \(leg.end.shortLabel)"
    }
}
