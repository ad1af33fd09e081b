import Foundation
import Interface
import LanguageModels
import MCP
import PlanMCP
import Planner
import Store

/// `plan mcp`: hands the MCP module the same services `add`, `show` and `pack` use, then serves until the
/// client closes stdin. Everything the command prints goes to stderr; stdout is the protocol's.
struct McpCommand: RunnableCommand {
    static let path = ["mcp"]

    var model: String?
    var offline = false

    init() {}

    static var declaration: Command<Self> {
        Command(
            path, summary: "Serve plan's tools to an assistant (Model Context Protocol, stdio)",
            discussion: """
                Runs a Model Context Protocol server on stdin and stdout (JSON-RPC 2.0, one
                message a line) for an assistant host such as Claude Desktop or VS Code. Its tools
                are geocode, forecast, packing_list, list_trips, show_trip, check_items and add_item;
                each trip's list is the resource plan://trips/<id> (a Markdown checklist) and
                plan://trips/<id>.json. The tools use the same database, cache and rules as the
                commands. Lists come from the built-in engine unless --model is given (PLAN_MODEL
                is not read). Nothing but protocol messages goes to stdout; notes go to stderr.
                The server ends when the client closes stdin. See docs/mcp.md.
                """,
            parameters: [[
                .option("model", \.model, value: "<m>", help: "pack with this model (builtin, or an OpenAI-compatible base URL)"),
                .flag("offline", \.offline, help: "no network: the cache and the offline place data only"),
            ]],
            section: .packing,
            examples: [#"{"command": "plan", "args": ["mcp"]}   (an MCP host's server entry)"#]
        )
    }

    func run(_ context: Context) async throws {
        let offline = self.offline
        var engine = EngineOptions()
        // The built-in engine unless the server was started with --model: an assistant's call never makes
        // plan ask a model of its own that the traveller did not name.
        engine.model = self.model ?? "builtin"
        // Made once (a bad --model fails now, not at the first call), and used by every pack of the session.
        let model = try await context.languageModel(named: engine.model)
        let options = engine
        // One database for the whole session: the tools and the online geocoder share it.
        let store = try context.openStore()
        let services = PlanServices(
            openStore: { store },
            resolve: { try await context.lookUp($0, offline: offline, store: store) },
            forecastService: { try context.forecastService(store: $0, fresh: false, offline: offline, sea: $1) },
            resolveTrip: { trip, adults, children in
                var trip = trip
                // Who travels: the tool's adults and children, else `plan config`'s, as `plan add` reads them.
                var party = TripDetails()
                (party.adults, party.children) = (adults, children)
                trip.party = try await context.party(party, command: "mcp")
                var notes: [String] = []
                let first = try await context.lookUp(trip.destination, offline: offline, store: store)
                (trip.place, notes) = (first.place, first.notes)
                for index in trip.stops.indices {
                    let stop = try await context.lookUp(trip.stops[index].destination, offline: offline, store: store)
                    trip.stops[index].place = stop.place
                    notes += stop.notes
                }
                return (trip, notes)
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
        // The sea's temperature for a trip on or in the water, as `plan pack` asks it (a wetsuit in a cold sea).
        let service = try context.forecastService(
            store: store, fresh: false, offline: offline, sea: PackingRules.asksTheSea(trip.activities)
        )
        var setup = context.planningSetup(store: store, model: model, forecasts: service, engine: engine, offline: offline)
        setup.traveller = try await context.traveller(store: store, tripID: trip.id)
        setup.today = context.today
        let result = try await PackPlanner(setup).pack(trip)
        context.console.endProgress()
        return result
    }
}
