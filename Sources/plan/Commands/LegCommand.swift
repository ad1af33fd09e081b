import Foundation
import Interface
import Planner
import Store

/// `plan leg add <trip> <place> --to <date>` and `plan leg rm <trip> <n>`.
struct LegCommand {
    let context: Context

    func add(_ arguments: PlanArguments.LegAdd) async throws {
        let store = try context.openStore()
        guard let trip = try await store.trip(id: arguments.trip) else { throw CLIError.noSuchTrip(arguments.trip) }
        let destination = try AddCommand.destination(arguments.place, command: "leg add")
        guard let end = arguments.to else { throw CLIError.usage("missing --to <date>.", command: "leg add") }
        _ = try Self.usage { try TripEdit.adding(destination, place: nil, end: end, to: trip) }
        let place = try await context.resolve(destination)
        let legs = try Self.usage { try TripEdit.adding(destination, place: place, end: end, to: trip) }
        let added = legs[legs.count - 1]
        let note = "stop \(added.position) \(added.shortLabel) added (\(TripEdit.span(added)))"
        try await save(trip, legs: legs, note: note, verb: "Added a stop to", json: arguments.json)
    }

    func remove(_ arguments: PlanArguments.LegRemove) async throws {
        let store = try context.openStore()
        guard let trip = try await store.trip(id: arguments.trip) else { throw CLIError.noSuchTrip(arguments.trip) }
        let legs = try Self.usage { try TripEdit.removing(arguments.leg, from: trip) }
        let removed = trip.legs[arguments.leg - 1]
        let note = "stop \(arguments.leg) \(removed.shortLabel) removed"
        try await save(trip, legs: legs, note: note, verb: "Removed a stop from", json: arguments.json)
    }

    private func save(_ trip: Trip, legs: [TripLeg], note: String, verb: String, json: Bool) async throws {
        let name = EditCommand.hasDefaultName(trip) ? legs.map(\.destination).joined(separator: " → ") : nil
        let updated = try await context.openStore().updateTrip(id: trip.id, Store.TripChange(name: name, legs: legs, note: note))
        guard let updated else { throw CLIError.noSuchTrip(trip.id) }
        try await TripChangeOutput(context: context).print(updated, verb: verb, note: note, json: json)
    }

    static func usage<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as TripEditError {
            throw CLIError.usage(error.message, command: "leg")
        }
    }
}
