import FoundationEssentials
import Model
import PlanKit
import Rendering

/// `plan edit <trip> [--from] [--to] [--activities] [--name] [--destination] [--leg <n>]`.
public struct EditCommand: RunnableCommand {
    public static let path = ["edit"]

    public var trip = 0
    public var from: CalendarDate?
    public var to: CalendarDate?
    public var name: String?
    public var activities: String?
    public var destination: String?
    public var leg: Int?
    public var adults: Int?
    public var children: [Int]?
    public var json = false

    public init() {}

    public static var declaration: Command<Self> {
        Command(
            path, summary: "Change a trip's dates, place, activities or name",
            discussion: """
                Changes a trip, checked like 'plan add': an end before the start is a usage
                error, an unknown place fails, and on any error nothing changes. On a trip of
                several stops, --leg <n> picks the stop: its --from and --to move the days it
                shares with the stops around it; without --leg, --from and --to move the whole
                trip's first and last day. A packing list made before a change of dates, places
                or activities is marked out of date ('plan show' says why) until the next pack.
                With --leg, --activities replaces that stop's activities; without it, every
                stop's. --adults and --children replace who is travelling.
                """,
            parameters: [[
                .trip(\.trip),
                .option("from", \.from, value: "<date>", help: "the new first day") { try ArgumentText.date($0, option: "from", context: $1) },
                .option("to", \.to, value: "<date>", help: "the new last day") { try ArgumentText.date($0, option: "to", context: $1) },
                .option("activities", \.activities, value: "a,b", help: "the new activities (replacing the old; \"\" for none)"),
                .option("name", \.name, value: "<text>", help: "the new name"),
                .option("destination", \.destination, value: "<place>", help: "the new place (resolved now)"),
                .option("leg", \.leg, value: "<n>", help: "the stop to change, on a trip of several (1 is the first)") {
                    try ArgumentText.number($0, option: "leg", range: 1...TripLeg.maximumCount, context: $1)
                },
                .option("adults", \.adults, value: "<n>", help: "adults travelling, 1 to 20") {
                    try ArgumentText.number($0, option: "adults", range: TripParty.adultRange, context: $1)
                },
                .option("children", \.children, value: "<ages>", help: "each child's age, 0 to 17, comma-separated (\"\" for none)") {
                    try ArgumentText.ages($0, option: "children", context: $1)
                },
                .flag("json", \.json, help: "print the changed trip as JSON"),
            ]],
            section: .trips,
            examples: [
                "plan edit 3 --to 2026-12-07", "plan edit 3 --leg 2 --activities ski,hiking",
                "plan edit 3 --leg 2 --destination \"Moab, UT\"", "plan edit 3 --adults 2 --children 8,1",
            ],
            rules: [
                ArgumentRule("at least one of --from, --to, --activities, --name, --destination, --adults and --children") { arguments in
                    arguments.from == nil && arguments.to == nil && arguments.activities == nil && arguments.name == nil
                        && arguments.destination == nil && arguments.adults == nil && arguments.children == nil
                        ? "nothing to change; give --from, --to, --activities, --name, --destination, --adults or --children." : nil
                },
            ]
        )
    }

    public func run(_ context: Context) async throws {
        let id = self.trip
        // The declaration's rule lets through only an edit that changes something.
        guard let trip = try await context.app.trip(id) else { throw CLIError.noSuchTrip(id) }
        let name = try self.name.map { try AddCommand.name($0, command: "edit") }
        let activities = try self.activities.map { try AddCommand.activities($0, command: "edit") }
        let destination = try self.destination.map { try AddCommand.destination($0, command: "edit") }
        // Dates and stops are checked before a place is looked up: a usage error costs no lookup.
        _ = try Self.usage { try TripEdit.legs(
            of: trip, leg: leg, from: from, to: self.to, destination: destination, place: nil
        ) }
        let party = Self.party(of: trip, adults: self.adults, children: self.children)
        var place: Place?
        if let destination { place = try await context.resolve(destination) }
        // After the lookup the edit is made again from the trip as it is now (another command may have
        // added a stop meanwhile), and written only over what it read.
        let written = try await context.app.editTrip(id) { current in
            var resolved = try Self.usage { try TripEdit.legs(
                of: current, leg: leg, from: from, to: self.to, destination: destination, place: place
            ) }
            if let activities {
                // --leg: that stop's activities; without it, every stop's.
                for index in resolved.indices where leg.map({ $0 == index + 1 }) ?? true {
                    resolved[index].activities = activities
                }
            }
            let newParty = party.flatMap { $0 == current.party ? nil : $0 }
            var newName = name
            if newName == nil, destination != nil, Self.hasDefaultName(current) {
                newName = resolved.map(\.destination).joined(separator: " → ")  // the default name follows the place
            }
            let note = TripEdit.note(old: current, legs: resolved, party: newParty)
            return TripChange(name: newName, legs: resolved == current.legs ? nil : resolved, note: note, party: newParty)
        }
        guard let written else { throw CLIError.noSuchTrip(id) }
        // The name is no part of what a list depends on (the note), but the traveller changed it: said too.
        let renamed = written.trip.name == trip.name ? nil : "name \(ArgumentText.printable(trip.name)) became \(ArgumentText.printable(written.trip.name))"
        try await TripChangeOutput(context: context).print(
            written.trip, verb: "Changed", note: [renamed, written.change.note].compactMap { $0 }.joined(separator: "; "), json: self.json
        )
    }

    /// The party after `--adults` and `--children` (nil: neither given).
    static func party(of trip: Trip, adults: Int?, children: [Int]?) -> TripParty? {
        guard adults != nil || children != nil else { return nil }
        return TripParty(adults: adults ?? trip.party.adults, children: children ?? trip.party.children)
    }

    /// The name is the place or places as typed (nobody chose it).
    static func hasDefaultName(_ trip: Trip) -> Bool {
        trip.name == trip.legs.map(\.destination).joined(separator: " → ")
    }

    /// Runs an edit's arithmetic, reporting its refusal as a usage error (exit 64).
    static func usage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TripEditError {
            throw CLIError.usage(error.message, command: "edit")
        }
    }
}

/// What `edit` and `leg` print after a change: the trip, and whether its list is now out of date.
struct TripChangeOutput {
    let context: Context

    func print(_ trip: Trip, verb: String, note: String?, json: Bool) async throws {
        let (packed, reason) = try await context.app.listState(of: trip)
        if json {
            var object = TripPrinter.json(trip, packed: packed).objectValue ?? [:]
            object["packingListOutOfDate"] = .bool(reason != nil)
            object["outOfDateReason"] = .from(reason)
            context.printJSON(.object(object))
            return
        }
        context.console.print("\(verb) trip \(trip.id): \(TripPrinter.headline(trip))")
        if let note, !note.isEmpty { context.console.print("  " + note) }
        if reason != nil {
            context.console.print("Its packing list is out of date; run 'plan pack \(trip.id)' for a new one.")
        }
    }
}
