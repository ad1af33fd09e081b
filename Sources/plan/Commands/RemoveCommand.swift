import Foundation
import Store

/// `plan rm <trip>`.
struct RemoveCommand {
    let context: Context
    static let spec = CommandSpec(name: "rm", valueOptions: [], flags: ["json"], positionals: 1...1)

    func run(_ arguments: [String]) async throws {
        let parsed = try ArgumentParser.parse(arguments, spec: Self.spec)
        if context.printHelpIfAsked(parsed, command: "rm") { return }
        let id = try ArgumentParser.id(parsed.positionals[0], what: "trip", command: "rm")
        let store = try context.openStore()
        guard let trip = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        guard try await store.deleteTrip(id: id) else { throw CLIError.noSuchTrip(id) }
        if parsed.has("json") {
            context.printJSON(["deleted": .number(Double(id))])
        } else {
            context.console.print("Deleted trip \(id): \(trip.name)")
        }
    }
}
