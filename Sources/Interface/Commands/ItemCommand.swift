import Foundation
import Planner

/// `plan item add <trip> <name>` and `plan item rm <trip> <item>`.
public struct ItemCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func add(_ arguments: PlanArguments.ItemAdd) async throws {
        let store = try context.openStore()
        guard try await store.trip(id: arguments.trip) != nil else { throw CLIError.noSuchTrip(arguments.trip) }
        let (entry, wasOnList) = try await ListKeeper(store: store).add(
            tripID: arguments.trip, name: arguments.name, quantity: arguments.quantity, category: arguments.category,
            always: arguments.always
        )
        if arguments.json {
            var object = ListPrinter.entryJSON(entry, trip: arguments.trip).objectValue ?? [:]
            object["always"] = .bool(arguments.always)
            object["wasOnList"] = .bool(wasOnList)
            context.printJSON(.object(object))
            return
        }
        let what = "\(entry.number) \(entry.item.label) (\(entry.item.category))"
        var line = wasOnList ? "On trip \(arguments.trip)'s list and now yours: \(what)" : "Added to trip \(arguments.trip): \(what)"
        if arguments.always { line += "; on every later trip too" }
        context.console.print(line + ".")
    }

    public func remove(_ arguments: PlanArguments.ItemRemove) async throws {
        let store = try context.openStore()
        guard try await store.trip(id: arguments.trip) != nil else { throw CLIError.noSuchTrip(arguments.trip) }
        let entry = try await ListKeeper(store: store).remove(tripID: arguments.trip, reference: arguments.item, never: arguments.never)
        if arguments.json {
            var object = ListPrinter.entryJSON(entry, trip: arguments.trip).objectValue ?? [:]
            object["never"] = .bool(arguments.never)
            context.printJSON(.object(object))
            return
        }
        var line = "Took \(entry.item.label) off trip \(arguments.trip)'s list"
        if arguments.never {
            line += "; never suggested again ('plan prefs rm \"\(entry.item.name)\"' undoes that)"
        }
        context.console.print(line + ".")
    }
}
