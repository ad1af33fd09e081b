import Foundation
import Store

/// `plan show <trip>`.
struct ShowCommand {
    let context: Context
    static let spec = CommandSpec(name: "show", valueOptions: [], flags: ["json"], positionals: 1...1)

    func run(_ arguments: [String]) async throws {
        let parsed = try ArgumentParser.parse(arguments, spec: Self.spec)
        if context.printHelpIfAsked(parsed, command: "show") { return }
        let id = try ArgumentParser.id(parsed.positionals[0], what: "trip", command: "show")
        let store = try context.openStore()
        guard let trip = try await store.trip(id: id) else { throw CLIError.noSuchTrip(id) }
        if parsed.has("json") {
            context.printJSON(TripPrinter.json(trip, packed: false))
            return
        }
        for line in TripPrinter.details(trip, console: context.console) {
            context.console.print(line)
        }
    }
}
