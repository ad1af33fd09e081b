import Foundation
import Interface
import LanguageModels
import MCP
import Planner
import Store

/// `plan mcp`: hands the MCP module the same services `add`, `show` and `pack` use, then serves until the
/// client closes stdin. Everything the command prints goes to stderr; stdout is the protocol's.
struct McpCommand {
    let context: Context

    func run(_ arguments: PlanArguments.Mcp) async throws {
        let context = self.context
        let offline = arguments.offline
        var engine = EngineOptions()
        // The built-in engine unless the server was started with --model: an assistant's call never makes
        // plan ask a model of its own that the traveller did not name.
        engine.model = arguments.model ?? "builtin"
        // Made once (a bad --model fails now, not at the first call), and used by every pack of the session.
        let model = try await context.languageModel(named: engine.model)
        let options = engine
        // One database for the whole session: the tools and the online geocoder share it.
        let store = try context.openStore()
        let services = PlanServices(
            openStore: { store },
            resolve: { try await context.resolve($0, offline: offline, store: store) },
            forecastService: { try context.forecastService(store: $0, fresh: false, offline: offline) },
            newTrip: { destination, details in
                var trip = try AddCommand.newTrip(destination, details: details, command: "mcp")
                // Who travels: the tool's adults and children, else `plan config`'s, as `plan add` reads them.
                trip.party = try await context.party(details, command: "mcp")
                return try await AddCommand.resolvePlaces(trip, context: context, offline: offline, store: store)
            },
            pack: { store, trip in
                try await Self.pack(trip, model: model, store: store, engine: options, offline: offline, context: context)
            },
            units: { store, trip in try await context.traveller(store: store, tripID: trip).units },
            describe: { ErrorReport($0).message },
            today: { context.today }
        )
        let catalog = try PlanCatalog(services: services)
        context.console.warn("plan: serving MCP on stdin and stdout (\(engine.model ?? "builtin")); close stdin to stop.")
        await MCPStdio.serve(catalog: catalog, version: PlanInfo.version)
    }

    /// `plan pack <trip>` without its printing: the same model, forecasts, traveller and planner.
    static func pack(
        _ trip: Trip, model: any LanguageModel, store: Store, engine: EngineOptions, offline: Bool, context: Context
    ) async throws -> PackPlanner.Result {
        let service = try context.forecastService(store: store, fresh: false, offline: offline)
        var setup = context.planningSetup(store: store, model: model, forecasts: service, engine: engine, offline: offline)
        setup.traveller = try await context.traveller(store: store, tripID: trip.id)
        setup.today = context.today
        let result = try await PackPlanner(setup).pack(trip)
        context.console.endProgress()
        return result
    }
}
