import Foundation
import LanguageModels
import Planner
import Store

/// `plan prefs` and `plan prefs rm <name>`.
public struct PrefsCommand {
    let context: Context

    public init(context: Context) {
        self.context = context
    }

    public func run(_ arguments: PlanArguments.Prefs) async throws {
        let store = try context.openStore()
        let preferences = try await ListKeeper(store: store).preferences()
        if arguments.json {
            context.printJSON(.array(preferences.map(Self.json)))
            return
        }
        let console = context.console
        guard !preferences.isEmpty else {
            console.print("Nothing remembered yet.")
            console.print(console.dim("'plan item add <trip> <name> --always' and 'plan item rm <trip> <item> --never' remember items for later trips."))
            return
        }
        let width = min(34, preferences.map { Self.label($0).count }.max() ?? 0)
        for preference in preferences {
            let label = Self.label(preference)
            let name = label.padding(toLength: max(width, label.count), withPad: " ", startingAt: 0)
            var since = "since \(Timestamp.local(preference.since))"
            if let trip = preference.tripID { since += " (trip \(trip))" }
            console.print("\(preference.choice.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0))  \(name)  " + console.dim(since))
        }
    }

    public func remove(_ arguments: PlanArguments.PrefsRemove) async throws {
        let store = try context.openStore()
        let forgotten = try await ListKeeper(store: store).forget(arguments.name)
        if arguments.json {
            context.printJSON(Self.json(forgotten))
            return
        }
        context.console.print("Forgot: \(forgotten.choice.rawValue) \(forgotten.name). Lists made from now on leave it to the engine.")
    }

    static func label(_ preference: Preference) -> String {
        var label = preference.name
        if let quantity = preference.quantity, quantity > 1 { label += " ×\(quantity)" }
        if let category = preference.category { label += " (\(category))" }
        return label
    }

    static func json(_ preference: Preference) -> JSONValue {
        [
            "name": .string(preference.name), "choice": .string(preference.choice.rawValue),
            "quantity": .from(preference.quantity), "category": .from(preference.category),
            "since": .string(Timestamp.iso8601(preference.since)), "trip": .from(preference.tripID),
        ]
    }
}
