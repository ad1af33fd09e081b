import FoundationEssentials
import Model
import PlanKit
import Rendering

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
        let trip = try await context.app.addTrip(new, like: like, laundry: self.details.laundry)
        Self.warnUnknownActivities(trip.activities, console: context.console)
        Self.warnIfPast(trip, today: context.today, console: context.console)
        if json {
            context.printJSON(TripPrinter.json(trip, packed: false))
        } else {
            context.console.print("Added trip \(trip.id): \(TripPrinter.headline(trip))")
        }
    }

    /// Resolves the place of every stop, the first first; an unknown one fails before anything is stored.
    public static func resolvePlaces(_ trip: NewTrip, context: Context, offline: Bool = false) async throws -> NewTrip {
        var trip = trip
        trip.place = try await context.resolve(trip.destination, offline: offline)
        for index in trip.stops.indices {
            trip.stops[index].place = try await context.resolve(trip.stops[index].destination, offline: offline)
        }
        return trip
    }

    /// A trip's name as typed, checked (`edit --name`): 1 to 200 printable characters.
    static func name(_ raw: String, command: String) throws -> String {
        do {
            return try TripRequest.name(raw)
        } catch {
            throw Self.usage(error, command: command)
        }
    }

    /// Validates the destination, dates, stops, name and activities shared by `add` and `pack` (the core's
    /// `TripRequest`), its problems worded for the options.
    public static func newTrip(_ rawDestination: String, details: TripDetails, command: String) throws -> NewTrip {
        let request = TripRequest(
            destination: rawDestination, start: details.from, end: details.to, name: details.name,
            activities: words(details.activities),
            stops: details.stops.map { TripRequest.Stop(destination: $0.destination, end: $0.end, activities: words($0.activities)) }
        )
        do {
            return try request.validated()
        } catch {
            throw Self.usage(error, command: command)
        }
    }

    /// A destination as typed, checked (`edit --destination`, `leg add`).
    static func destination(_ raw: String, command: String) throws -> String {
        do {
            return try TripRequest.place(raw)
        } catch {
            throw Self.usage(error, command: command)
        }
    }

    /// `--activities` as typed, checked (`edit`, `leg add`).
    static func activities(_ text: String?, command: String) throws -> [String] {
        do {
            return try TripRequest.activities(words(text))
        } catch {
            throw Self.usage(error, command: command)
        }
    }

    /// `--activities` as typed: comma-separated words.
    static func words(_ text: String?) -> [String] {
        (text ?? "").split(separator: ",").map(String.init)
    }

    /// A problem with a trip in the words of the command line's options.
    static func usage(_ problem: TripProblem, command: String) -> CLIError {
        let message: String
        switch problem {
        case .noStart: message = "missing --from <date>."
        case .noEnd: message = "missing --to <date>."
        case .endsBeforeStart(let start, let end): message = "--to \(end) is before --from \(start)."
        case .stopWithoutEnd(let place): message = "--then \(ArgumentText.printable(place)) needs its own --to <date>."
        case .stopEndsTooEarly(let place, let end, let previousEnd):
            message = "--then \(ArgumentText.printable(place)): --to \(end) must be after \(previousEnd), the day the stop before it ends (this stop begins then)."
        case .badName: message = "--name must be 1 to \(TripRequest.maximumTextLength) printable characters."
        case .badActivity(let word): message = "activity '\(ArgumentText.printable(word))' should be a word like hiking or beach."
        case .tooManyActivities: message = "at most \(TripRequest.maximumActivities) activities."
        case .emptyDestination, .destinationTooLong, .invisibleInDestination, .longerThanAYear, .unchained:
            message = problem.errorDescription ?? "the trip is not valid."
        }
        return CLIError.usage(message, command: command)
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
        for notice in PlanApp.unknownActivityNotices(activities) {
            console.warn("plan: " + notice)
        }
    }
}
