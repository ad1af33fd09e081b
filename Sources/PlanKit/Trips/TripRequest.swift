import FoundationEssentials
import Basics
import Model
import Planner
import Store

/// A new trip as a front end asks for it, before any check: the destination as typed, its dates, the name,
/// each stop's activities as words. `validated()` makes it a `NewTrip` (nothing resolved, nothing stored) or
/// says what is wrong in the trip's own words (`TripProblem`); each front end words that for its own syntax.
public struct TripRequest: Sendable, Equatable {
    /// A stop after the first: where, its last day (nil when not given) and its own activities.
    public struct Stop: Sendable, Equatable {
        public var destination: String
        public var end: CalendarDate?
        public var activities: [String]

        /// A stop as asked for.
        public init(destination: String, end: CalendarDate?, activities: [String] = []) {
            self.destination = destination
            self.end = end
            self.activities = activities
        }
    }

    /// Where the trip goes (its first stop), as typed.
    public var destination: String
    /// The first day.
    public var start: CalendarDate?
    /// The last day of the first stop.
    public var end: CalendarDate?
    /// The trip's name (default: the stops' destinations joined by arrows).
    public var name: String?
    /// The first stop's activities, as given.
    public var activities: [String]
    /// The stops after the first, in order.
    public var stops: [Stop]

    /// A request.
    public init(
        destination: String, start: CalendarDate?, end: CalendarDate?, name: String? = nil, activities: [String] = [],
        stops: [Stop] = []
    ) {
        self.destination = destination
        self.start = start
        self.end = end
        self.name = name
        self.activities = activities
        self.stops = stops
    }

    /// The longest destination or name.
    public static let maximumTextLength = 200
    /// The most activities a stop takes.
    public static let maximumActivities = 20
    /// The longest trip, in nights.
    public static let maximumNights = 366

    /// The trip checked: a destination and a name of 1 to 200 printable characters, dates in order, each stop
    /// ending after the one before, activities that are words (aliases under their kit's name, "none" none).
    public func validated() throws(TripProblem) -> NewTrip {
        let destination = try Self.place(self.destination)
        guard let start else { throw .noStart }
        guard let end else { throw .noEnd }
        guard end >= start else { throw .endsBeforeStart(start: start, end: end) }
        guard start.days(to: end) <= Self.maximumNights else { throw .longerThanAYear }
        var stops: [NewTrip.Stop] = []
        var previousEnd = end
        for stop in self.stops {
            let place = try Self.place(stop.destination)
            guard let stopEnd = stop.end else { throw .stopWithoutEnd(destination: place) }
            guard stopEnd > previousEnd else {
                throw .stopEndsTooEarly(destination: place, end: stopEnd, previousEnd: previousEnd)
            }
            stops.append(NewTrip.Stop(destination: place, end: stopEnd, activities: try Self.activities(stop.activities)))
            previousEnd = stopEnd
        }
        var defaultName = ([destination] + stops.map(\.destination)).joined(separator: " → ")
        if defaultName.count > Self.maximumTextLength { defaultName = String(defaultName.prefix(Self.maximumTextLength - 1)) + "…" }
        let name = try Self.name(self.name ?? defaultName)
        let trip = NewTrip(
            name: name, destination: destination, place: nil, start: start, end: end,
            activities: try Self.activities(activities), stops: stops
        )
        if let problem = TripLeg.chainProblem(trip.legs) { throw .unchained(problem) }
        return trip
    }

    /// A destination as typed, checked: not empty, at most 200 characters, nothing invisible.
    public static func place(_ raw: String) throws(TripProblem) -> String {
        let destination = raw.trimming(.whitespacesAndNewlines)
        guard !destination.isEmpty else { throw .emptyDestination }
        guard destination.count <= maximumTextLength else { throw .destinationTooLong }
        guard !destination.unicodeScalars.contains(where: isInvisible) else { throw .invisibleInDestination }
        return destination
    }

    /// A trip's name, checked: 1 to 200 printable characters.
    public static func name(_ raw: String) throws(TripProblem) -> String {
        let name = raw.trimming(.whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= maximumTextLength, !name.unicodeScalars.contains(where: isInvisible) else {
            throw .badName
        }
        return name
    }

    /// Activities, checked: each a word (letters, digits, hyphens, spaces; at most 40 characters), lower-cased,
    /// once each, under their kit's name; at most 20.
    public static func activities(_ words: [String]) throws(TripProblem) -> [String] {
        var result: [String] = []
        for word in words {
            let activity = word.trimming(.whitespaces).lowercased()
            guard !activity.isEmpty else { continue }
            guard activity.count <= 40, activity.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " }) else {
                throw .badActivity(activity)
            }
            if !result.contains(activity) { result.append(activity) }
        }
        result = ActivityKits.canonical(result)
        guard result.count <= maximumActivities else { throw .tooManyActivities }
        return result
    }

    /// Control characters and invisible format characters (bidi overrides, zero-width spaces, BOM);
    /// the zero-width joiners that emoji and Persian script need are fine.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D { return false }
        return [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }
}
