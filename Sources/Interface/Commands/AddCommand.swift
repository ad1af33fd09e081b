import Foundation
import Planner
import Store
import Tools

/// `plan add <destination> --from <date> --to <date>`.
public struct AddCommand: RunnableCommand {
    public static let path = ["add"]

    public var destination = ""
    public var details = TripDetails()
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Create a trip (the place is resolved now)",
            discussion: """
                Creates a trip and prints its id. The destination is resolved to a place
                (name, region, country, coordinates, time zone) right away; an unknown place
                fails and nothing is stored.

                A trip of several stops: each --then <place> --to <date> adds a stop that starts
                the day the one before it ends (the night of the move belongs to the new stop).
                Each stop gets its own forecast; the trip gets one packing list. --activities
                after a --then are that stop's; before the first --then, the first stop's.

                --adults <n> (default 1) and --children <ages> (each child's age, 0 to 17; under
                2 is a baby) say who travels: clothes, toothbrushes and passports are counted
                for each, and children and babies get their own lines. 'plan config set adults'
                and 'plan config set children' give the defaults.

                --like <trip> starts from an earlier trip: its activities and its name (with the
                year and the place brought up to date), not its forecast or ticks.
                """,
            parameters: [
                [.argument("destination", \.destination, help: "where you are going: a city, region, airport or park")],
                .group(\.details, TripDetails.parameters(datesRequired: true)),
                [.flag("json", \.json, help: "print the trip as JSON")],
            ],
            section: .trips,
            examples: [
                #"plan add "Denver, CO" --from 2026-12-03 --to 2026-12-06 --activities hiking"#,
                #"plan add "Denver, CO" --from 2026-12-03 --to 2026-12-05 --then "Moab, UT" --to 2026-12-08"#,
                #"plan add Chicago --from 2026-12-07 --to 2026-12-10 --activities conference --then Aspen --to 2026-12-13 --activities ski"#,
                #"plan add Orlando --from 2027-07-10 --to 2027-07-17 --adults 2 --children 5,1 --activities theme parks"#,
                #"plan add "Aspen, CO" --from 2026-12-20 --to 2026-12-27 --like 4"#,
            ]
        )
    }

    public func run(_ context: Context) async throws {
        var new = try Self.newTrip(self.destination, details: self.details, command: "add")
        new.party = try await context.party(self.details, command: "add")
        var like: Trip?
        if let id = self.details.like {
            like = try await LikeTrip.load(id, context: context)
            if let like { new = LikeTrip.apply(like, to: new, details: self.details) }
        }
        new = try await Self.resolvePlaces(new, context: context)
        let store = try context.openStore()
        let trip = try await store.addTrip(new)
        if let like { try await LikeTrip.carryOver(from: like, to: trip, store: store) }
        if let laundry = self.details.laundry { try await store.setTripLaundryDays(laundry, tripID: trip.id) }
        Self.warnUnknownActivities(trip.activities, console: context.console)
        Self.warnIfPast(trip, today: context.today, console: context.console)
        if json {
            context.printJSON(TripPrinter.json(trip, packed: false))
        } else {
            context.console.print("Added trip \(trip.id): \(TripPrinter.headline(trip))")
        }
    }

    /// Resolves the place of every stop, the first first; an unknown one fails before anything is stored.
    public static func resolvePlaces(_ trip: NewTrip, context: Context, offline: Bool = false, store: Store? = nil) async throws -> NewTrip {
        var trip = trip
        trip.place = try await context.resolve(trip.destination, offline: offline, store: store)
        for index in trip.stops.indices {
            trip.stops[index].place = try await context.resolve(trip.stops[index].destination, offline: offline, store: store)
        }
        return trip
    }

    /// A destination as typed, checked: not empty, at most 200 characters, nothing invisible.
    static func destination(_ raw: String, command: String) throws -> String {
        let destination = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !destination.isEmpty else {
            throw CLIError.usage("the destination is empty.", command: command)
        }
        guard destination.count <= 200 else {
            throw CLIError.usage("the destination is longer than 200 characters.", command: command)
        }
        guard !destination.unicodeScalars.contains(where: Self.isInvisible) else {
            throw CLIError.usage("the destination contains control or invisible formatting characters.", command: command)
        }
        return destination
    }

    /// A trip name, checked: 1 to 200 printable characters.
    static func name(_ raw: String, command: String) throws -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 200, !name.unicodeScalars.contains(where: Self.isInvisible) else {
            throw CLIError.usage("--name must be 1 to 200 printable characters.", command: command)
        }
        return name
    }

    /// Validates the destination, dates, stops, name and activities shared by `add` and `pack`.
    public static func newTrip(_ rawDestination: String, details: TripDetails, command: String) throws -> NewTrip {
        let destination = try Self.destination(rawDestination, command: command)
        guard let start = details.from else {
            throw CLIError.usage("missing --from <date>.", command: command)
        }
        guard let end = details.to else {
            throw CLIError.usage("missing --to <date>.", command: command)
        }
        guard end >= start else {
            throw CLIError.usage("--to \(end) is before --from \(start).", command: command)
        }
        guard start.days(to: end) <= 366 else {
            throw CLIError.usage("a trip can last at most a year (366 nights).", command: command)
        }
        var stops: [NewTrip.Stop] = []
        var previousEnd = end
        for stop in details.stops {
            let place = try Self.destination(stop.destination, command: command)
            guard let stopEnd = stop.end else {
                throw CLIError.usage("--then \(ArgumentText.printable(place)) needs its own --to <date>.", command: command)
            }
            guard stopEnd > previousEnd else {
                throw CLIError.usage(
                    "--then \(ArgumentText.printable(place)): --to \(stopEnd) must be after \(previousEnd), the day the stop before it ends (this stop begins then).",
                    command: command
                )
            }
            let activities = try Self.activities(stop.activities, command: command)
            stops.append(NewTrip.Stop(destination: place, end: stopEnd, activities: activities))
            previousEnd = stopEnd
        }
        var defaultName = ([destination] + stops.map(\.destination)).joined(separator: " → ")
        if defaultName.count > 200 { defaultName = String(defaultName.prefix(199)) + "…" }
        let name = try Self.name(details.name ?? defaultName, command: command)
        let activities = try Self.activities(details.activities, command: command)
        let trip = NewTrip(
            name: name, destination: destination, place: nil, start: start, end: end, activities: activities, stops: stops
        )
        if let problem = TripLeg.chainProblem(trip.legs) {
            throw CLIError.usage(problem + ".", command: command)
        }
        return trip
    }

    /// Says on stderr that a trip starts before today: allowed (a past trip is logged to replay it), but
    /// most often a mistyped year.
    static func warnIfPast(_ trip: Trip, today: CalendarDate, console: Console) {
        guard trip.start < today else { return }
        let days = trip.start.days(to: today)
        let ago = days == 1 ? "yesterday" : days < 60 ? "\(days) days ago" : "in \(trip.start.description.prefix(4))"
        console.warn("plan: trip \(trip.id) starts in the past (\(trip.start.shortLabel), \(ago)); kept as it is. If the year is wrong: plan edit \(trip.id) --from <date> --to <date>.")
    }

    /// Says on stderr which activities plan does not know (they are kept with the trip; a pack names them).
    static func warnUnknownActivities(_ activities: [String], console: Console) {
        for word in ActivityKits.resolve(activities).unknown {
            console.warn("plan: " + PackingRules.unknownActivityNotice(word))
        }
    }

    /// Control characters and invisible format characters (bidi overrides, zero-width spaces, BOM);
    /// the zero-width joiners that emoji and Persian script need are fine.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value == 0x200C || scalar.value == 0x200D { return false }
        return [.control, .format, .lineSeparator, .paragraphSeparator].contains(scalar.properties.generalCategory)
    }

    static func activities(_ text: String?, command: String) throws -> [String] {
        guard let text else { return [] }
        var result: [String] = []
        for part in text.split(separator: ",") {
            let activity = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard !activity.isEmpty else { continue }
            guard activity.count <= 40,
                  activity.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " })
            else {
                throw CLIError.usage(
                    "activity '\(ArgumentText.printable(activity))' should be a word like hiking or beach.",
                    command: command
                )
            }
            if !result.contains(activity) { result.append(activity) }
        }
        // Aliases under their kit's name ("ski" is skiing wherever it is typed), "none" as no activity.
        result = ActivityKits.canonical(result)
        guard result.count <= 20 else {
            throw CLIError.usage("at most 20 activities.", command: command)
        }
        return result
    }
}
