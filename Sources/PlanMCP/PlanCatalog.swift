import FoundationEssentials
import Basics
import JSON
import LanguageModels
import MCP
import Model
import PlanKit
import Rendering

/// plan's tools and resources for `plan mcp`: geocode, forecast, packing_list, list_trips, show_trip,
/// check_items and add_item, and each trip's list as `plan://trips/{id}` (Markdown) and `.json`. Every tool
/// goes through the core the commands use (PlanKit's `PlanApp`, `TripRequest`, `ShownWeather`) and is drawn by
/// their renderers, so an assistant gets the answers `plan show` and `plan pack` give.
public final class PlanCatalog: MCPCatalog {
    /// The application this process opened: its one database, its services.
    let app: PlanApp
    /// The model every pack of the session uses (the built-in engine unless `plan mcp --model` named one).
    let model: any LanguageModel
    /// How its sessions run.
    let engine: EngineSettings
    /// No network: the cache and the offline place data only.
    let offline: Bool
    /// The history session of this MCP session, once the client has said who it is.
    let session = Locked<Int?>(nil)

    /// The catalog over `app`'s database, packing with `model`.
    public init(app: PlanApp, model: any LanguageModel, engine: EngineSettings = EngineSettings(), offline: Bool) throws {
        // Progress goes to the client that asked (MCP's progress notifications), not to the terminal.
        self.app = app.reporting(to: ProgressToClient())
        self.model = model
        self.engine = engine
        self.offline = offline
        // The database opens now: a bad PLAN_DB is said at start, not at the first call.
        _ = try app.openStore()
    }

    /// The seven tools, in the order `tools/list` gives them.
    public var tools: [MCPTool] {
        [geocodeTool, forecastTool, packingListTool, listTripsTool, showTripTool, checkItemsTool, addItemTool]
    }

    /// How to pack a trip with the tools, for the assistant.
    public var instructions: String {
        """
        plan makes packing lists from the weather at a destination. Dates are YYYY-MM-DD. To pack: call \
        packing_list with a destination, from and to (it adds the trip) or with a trip id; then check_items \
        ticks what is packed and add_item adds the traveller's own things. list_trips and show_trip read what \
        is stored; plan://trips/{id} is a trip's list as a Markdown checklist.
        """
    }

    /// `plan://trips/{id}` and `plan://trips/{id}.json`.
    public var resourceTemplates: [JSONValue] {
        [
            ["uriTemplate": "plan://trips/{id}", "name": "trip-checklist", "mimeType": "text/markdown",
             "description": "A trip's packing list as a Markdown checklist ([x] for what is packed)."],
            ["uriTemplate": "plan://trips/{id}.json", "name": "trip-json", "mimeType": "application/json",
             "description": "A trip and its packing list as JSON (the keys of 'plan show --json')."],
        ]
    }

    /// A bad argument's or a trip's problem with what to do about it (in the trip's words, never an option's),
    /// else the line `plan` prints after "plan: "; made safe to read.
    public func describe(_ error: any Error) -> String {
        let text: String
        switch error {
        case let error as PlanToolError:
            text = [error.errorDescription ?? "bad argument.", error.recoverySuggestion].compactMap { $0 }.joined(separator: " ")
        case let error as TripProblem:
            text = [error.errorDescription ?? "the trip is not valid.", error.recoverySuggestion].compactMap { $0 }.joined(separator: " ")
        default:
            text = ErrorReport(error).message
        }
        return OutgoingText.line(text)
    }

    /// Every text and string of a result made safe (`OutgoingText`): the terminal's sanitiser, for an assistant.
    public func outgoing(_ result: MCPToolResult) -> MCPToolResult {
        var safe = result
        safe.text = OutgoingText.lines(result.text)
        safe.structured = result.structured.map(OutgoingText.json)
        return safe
    }

    /// A resource's text made safe line by line.
    public func outgoing(resource text: String) -> String {
        OutgoingText.lines(text)
    }

    /// The arguments of one call, read with plan's checks.
    func arguments(_ values: [String: JSONValue]) -> ToolArguments {
        ToolArguments(values: values, today: CalendarDate(Date()))
    }

    /// A stored trip, or the error an assistant can act on.
    func trip(_ id: Int) async throws -> Trip {
        guard let trip = try await app.trip(id) else { throw PlanToolError.noSuchTrip(id) }
        return trip
    }

    /// A place as `plan add` resolves it (offline data, stored lookups, then online through the cache), with
    /// what to tell the assistant about it.
    func lookUp(_ name: String) async throws -> (place: Place, notes: [String]) {
        try await app.lookUp(name, offline: offline)
    }

    /// A checked trip's places, resolved as `plan add` does, and who travels (the call's adults and children,
    /// else `plan config`'s); with what to tell the assistant about the places.
    func resolve(_ trip: NewTrip, adults: Int?, children: [Int]?) async throws -> (trip: NewTrip, notes: [String]) {
        var trip = trip
        trip.party = try await app.party(adults: adults, children: children)
        let first = try await lookUp(trip.destination)
        trip.place = first.place
        var notes = first.notes
        for index in trip.stops.indices {
            let stop = try await lookUp(trip.stops[index].destination)
            trip.stops[index].place = stop.place
            notes += stop.notes
        }
        return (trip, notes)
    }
}
