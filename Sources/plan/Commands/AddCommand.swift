import Foundation
import Interface
import Planner
import Store
import Tools

/// `plan add <destination> --from <date> --to <date>`.
struct AddCommand {
    let context: Context

    func run(_ arguments: PlanArguments.Add) async throws {
        var new = try Self.newTrip(arguments.destination, details: arguments.details, command: "add")
        new.place = try await context.resolve(new.destination)
        let store = try context.openStore()
        let trip = try await store.addTrip(new)
        if let laundry = arguments.details.laundry { try await store.setTripLaundryDays(laundry, tripID: trip.id) }
        Self.warnUnknownActivities(trip.activities, console: context.console)
        if arguments.json {
            context.printJSON(TripPrinter.json(trip, packed: false))
        } else {
            context.console.print("Added trip \(trip.id): \(TripPrinter.headline(trip))")
        }
    }

    /// Validates the destination, dates, name and activities shared by `add` and `pack`.
    static func newTrip(_ rawDestination: String, details: TripDetails, command: String) throws -> NewTrip {
        let destination = rawDestination.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !destination.isEmpty else {
            throw CLIError.usage("the destination is empty.", command: command)
        }
        guard destination.count <= 200 else {
            throw CLIError.usage("the destination is longer than 200 characters.", command: command)
        }
        guard !destination.unicodeScalars.contains(where: Self.isInvisible) else {
            throw CLIError.usage("the destination contains control or invisible formatting characters.", command: command)
        }
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
        let name = (details.name ?? destination).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= 200,
              !name.unicodeScalars.contains(where: Self.isInvisible)
        else {
            throw CLIError.usage("--name must be 1 to 200 printable characters.", command: command)
        }
        let activities = try Self.activities(details.activities, command: command)
        return NewTrip(name: name, destination: destination, place: nil, start: start, end: end, activities: activities)
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
        guard result.count <= 20 else {
            throw CLIError.usage("at most 20 activities.", command: command)
        }
        return result
    }
}
