import Foundation
import Planner
import Store

/// `plan edit <trip> [--from] [--to] [--activities] [--name] [--destination] [--leg <n>]`.
public struct EditCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.Edit) async throws {
        let id = arguments.trip
        // The declaration's rule lets through only an edit that changes something.
        let store = try context.openStore()
        guard let trip = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        let name = try arguments.name.map { try AddCommand.name($0, command: "edit") }
        let activities = try arguments.activities.map { try AddCommand.activities($0, command: "edit") }
        let destination = try arguments.destination.map { try AddCommand.destination($0, command: "edit") }
        // Dates and stops are checked before a place is looked up: a usage error costs no lookup.
        _ = try Self.usage { try TripEdit.legs(
            of: trip, leg: arguments.leg, from: arguments.from, to: arguments.to, destination: destination, place: nil
        ) }
        let party = Self.party(of: trip, adults: arguments.adults, children: arguments.children)
        var place: Place?
        if let destination { place = try await context.resolve(destination) }
        // After the lookup the edit is made again from the trip as it is now (another command may have
        // added a stop meanwhile), and written only over what it read.
        let written = try await TripEdit.write(to: store, tripID: id) { current in
            var resolved = try Self.usage { try TripEdit.legs(
                of: current, leg: arguments.leg, from: arguments.from, to: arguments.to, destination: destination, place: place
            ) }
            if let activities {
                // --leg: that stop's activities; without it, every stop's.
                for index in resolved.indices where arguments.leg.map({ $0 == index + 1 }) ?? true {
                    resolved[index].activities = activities
                }
            }
            let newParty = party.flatMap { $0 == current.party ? nil : $0 }
            var newName = name
            if newName == nil, destination != nil, Self.hasDefaultName(current) {
                newName = resolved.map(\.destination).joined(separator: " → ")  // the default name follows the place
            }
            let note = TripEdit.note(old: current, legs: resolved, party: newParty)
            return Store.TripChange(name: newName, legs: resolved == current.legs ? nil : resolved, note: note, party: newParty)
        }
        guard let written else { throw CLIError.noSuchTrip(id) }
        try await TripChangeOutput(context: context).print(written.trip, verb: "Changed", note: written.change.note, json: arguments.json)
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
        let list = try await context.openStore().latestPackingList(tripID: trip.id)
        let reason = list.flatMap { $0.outOfDate ?? trip.outOfDateReason(listRevision: $0.tripRevision) }
        if json {
            var object = TripPrinter.json(trip, packed: list != nil).objectValue ?? [:]
            object["packingListOutOfDate"] = .bool(reason != nil)
            object["outOfDateReason"] = .from(reason)
            context.printJSON(.object(object))
            return
        }
        context.console.print("\(verb) trip \(trip.id): \(TripPrinter.headline(trip))")
        if let note { context.console.print("  " + note) }
        if reason != nil {
            context.console.print("Its packing list is out of date; run 'plan pack \(trip.id)' for a new one.")
        }
    }
}
