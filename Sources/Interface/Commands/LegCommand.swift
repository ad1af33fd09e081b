import Foundation
import Planner
import Store

/// `plan leg add <trip> <place> --to <date>` and `plan leg rm <trip> <n>`.
public struct LegCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func add(_ arguments: PlanArguments.LegAdd) async throws {
        let store = try context.openStore()
        guard let trip = try await store.trip(id: arguments.trip) else { throw CLIError.noSuchTrip(arguments.trip) }
        let destination = try AddCommand.destination(arguments.place, command: "leg add")
        guard let end = arguments.to else { throw CLIError.usage("missing --to <date>.", command: "leg add") }
        let activities = try AddCommand.activities(arguments.activities, command: "leg add")
        _ = try Self.usage { try TripEdit.adding(destination, place: nil, end: end, to: trip) }
        let place = try await context.resolve(destination)
        // The stop is added to the trip as it is after the lookup, not to the copy read before it.
        try await save(tripID: trip.id, verb: "Added a stop to", json: arguments.json) { current in
            var legs = try Self.usage { try TripEdit.adding(destination, place: place, end: end, to: current) }
            legs[legs.count - 1].activities = activities
            let added = legs[legs.count - 1]
            let doing = activities.isEmpty ? "" : ", " + activities.joined(separator: ", ")
            return (legs, "stop \(added.position) \(added.shortLabel) added (\(TripEdit.span(added))\(doing))")
        }
    }

    public func remove(_ arguments: PlanArguments.LegRemove) async throws {
        try await save(tripID: arguments.trip, verb: "Removed a stop from", json: arguments.json) { current in
            let legs = try Self.usage { try TripEdit.removing(arguments.leg, from: current) }
            return (legs, "stop \(arguments.leg) \(current.legs[arguments.leg - 1].shortLabel) removed")
        }
    }

    private func save(
        tripID: Int, verb: String, json: Bool, _ change: (Trip) throws -> (legs: [TripLeg], note: String)
    ) async throws {
        let written = try await TripEdit.write(to: try context.openStore(), tripID: tripID) { current in
            let (legs, note) = try change(current)
            let name = EditCommand.hasDefaultName(current) ? legs.map(\.destination).joined(separator: " → ") : nil
            return Store.TripChange(name: name, legs: legs, note: note)
        }
        guard let written else { throw CLIError.noSuchTrip(tripID) }
        try await TripChangeOutput(context: context).print(written.trip, verb: verb, note: written.change.note, json: json)
    }

    static func usage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TripEditError {
            throw CLIError.usage(error.message, command: "leg")
        }
    }
}
