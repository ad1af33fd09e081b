import Foundation
import Interface
import Store

/// `plan rm <trip>`.
struct RemoveCommand {
    let context: Context

    func run(_ arguments: PlanArguments.Remove) async throws {
        let id = arguments.trip
        let store = try context.openStore()
        guard let trip = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        guard try await store.deleteTrip(id: id) else { throw CLIError.noSuchTrip(id) }
        if arguments.json {
            context.printJSON(["deleted": .number(Double(id))])
        } else {
            context.console.print("Deleted trip \(id): \(trip.name)")
        }
    }
}
