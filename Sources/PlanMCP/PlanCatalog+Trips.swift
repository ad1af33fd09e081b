import FoundationEssentials
import JSON
import MCP
import Model
import PlanKit
import Rendering

extension PlanCatalog {
    var packingListTool: MCPTool {
        MCPTool(
            name: "packing_list", title: "Make a packing list",
            description: "Makes the packing list of a trip from its weather, as 'plan pack': give 'trip' (an id) to pack a stored trip, or 'destination', 'from' and 'to' (and optionally 'activities', further 'stops' with their own activities, and who travels: 'adults' and the 'children's ages) to add the trip and pack it. Returns the trip, the numbered items (name, quantity, category, reason, weather, packed, own) and notices. The traveller's ticks and own items carry over.",
            inputSchema: PlanSchemas.object([
                "trip": PlanSchemas.tripID, "destination": PlanSchemas.string("where the trip goes (adds a new trip)"),
                "from": PlanSchemas.date, "to": PlanSchemas.date,
                "activities": ["type": "array", "items": ["type": "string"], "description": "e.g. hiking, beach, business (at most 20)"],
                "stops": [
                    "type": "array", "maxItems": 20,
                    "description": "further stops in order, each beginning the day the one before ends (as 'plan add --then <place> --to <date>')",
                    "items": PlanSchemas.object([
                        "destination": PlanSchemas.string("the stop's place"), "to": PlanSchemas.date,
                        "activities": ["type": "array", "items": ["type": "string"], "description": "this stop's activities (at most 20)"],
                    ], required: ["destination", "to"]),
                ],
                "adults": ["type": "integer", "minimum": 1, "maximum": 20, "description": "adults travelling (default: plan config, else 1)"],
                "children": [
                    "type": "array", "maxItems": 20, "items": ["type": "integer", "minimum": 0, "maximum": 17],
                    "description": "each child's age, 0 to 17 (under 2 is a baby)",
                ],
            ]),
            outputSchema: PlanSchemas.list, readOnly: false
        ) { [self] values in try await packingList(arguments(values)) }
    }

    private func packingList(_ arguments: ToolArguments) async throws -> MCPToolResult {
        let trip: Trip
        var notes: [String] = []
        var added = false
        if arguments.values["trip"] != nil, arguments.values["trip"] != .null {
            trip = try await self.trip(try arguments.trip())
        } else {
            let request = TripRequest(
                destination: try arguments.string("destination"), start: try arguments.date("from"), end: try arguments.date("to"),
                activities: try arguments.words("activities", limit: TripRequest.maximumActivities) ?? [],
                stops: try arguments.stops("stops", limit: 20).map {
                    TripRequest.Stop(destination: $0.destination, end: $0.end, activities: $0.activities ?? [])
                }
            )
            let checked = try request.validated()
            let resolved = try await resolve(
                checked, adults: try arguments.integer("adults", in: TripParty.adultRange),
                children: try arguments.integers("children", in: TripParty.childAgeRange, limit: 20)
            )
            notes = resolved.notes
            trip = try await app.addTrip(resolved.trip)
            added = true
        }
        let packed: (session: Int, model: String)
        do {
            let result = try await app.pack(trip, model: model, engine: engine, offline: offline)
            packed = (result.sessionID, result.model)
        } catch {
            // The trip stays (as 'plan pack <destination>' keeps it): the assistant is told which, so a retry
            // packs it rather than adding it again.
            guard added else { throw error }
            throw PlanToolError.addedButNotPacked(trip: trip.id, headline: TripPrinter.headline(trip), reason: describe(error))
        }
        let list = try await app.list(tripID: trip.id)
        var object = listJSON(trip, list: list)
        object["session"] = .number(Double(packed.session))
        object["model"] = .string(packed.model)
        object["notes"] = .array(notes.map(JSONValue.string))
        var lines = [(added ? "Added trip \(trip.id): " : "Trip \(trip.id): ") + TripPrinter.headline(trip)]
        lines += notes.map { "Note: " + $0 }
        lines += ListPrinter.lines(list, tripID: trip.id, console: PlainText())
        return MCPToolResult(text: OutgoingText.lines(lines), structured: .object(object), changedResources: added)
    }

    var listTripsTool: MCPTool {
        MCPTool(
            name: "list_trips", title: "List trips",
            description: "Every stored trip, newest first: id, name, destination, dates, activities and whether it has a packing list.",
            inputSchema: PlanSchemas.object([:]),
            outputSchema: PlanSchemas.object(["trips": PlanSchemas.objects], required: ["trips"]), readOnly: true
        ) { [self] _ in
            let summaries = try await app.tripSummaries()
            let trips = summaries.map { TripPrinter.json($0.trip, packed: $0.hasPackingList) }
            let lines = summaries.map { "\($0.trip.id) \(TripPrinter.headline($0.trip))\($0.hasPackingList ? " · packed list" : "")" }
            return MCPToolResult(text: lines.isEmpty ? "No trips yet." : OutgoingText.lines(lines), structured: ["trips": .array(trips)])
        }
    }

    var showTripTool: MCPTool {
        MCPTool(
            name: "show_trip", title: "Show a trip",
            description: "A trip as 'plan show' gives it: its place, dates and activities, the forecast for its days (each stop's own under 'legs' for a trip of several stops; through the cache; the forecast pinned at the last pack when the services fail) and its packing list with ticks.",
            inputSchema: PlanSchemas.object(["trip": PlanSchemas.tripID], required: ["trip"]),
            outputSchema: PlanSchemas.object(
                ["trip": PlanSchemas.anyObject, "forecast": ["type": ["object", "null"]], "legs": PlanSchemas.objects,
                 "forecastError": ["type": "string"], "packingList": ["type": ["object", "null"]]],
                required: ["trip", "forecast", "packingList"]
            ),
            readOnly: true
        ) { [self] values in try await showTrip(arguments(values).trip()) }
    }

    private func showTrip(_ id: Int) async throws -> MCPToolResult {
        let trip = try await self.trip(id)
        let list = try await app.list(tripID: id)
        // The same weather as `plan show`: each stop's own, the sea for a trip on the water, pinned on failure.
        let weather = try await app.shownWeather(for: trip, offline: offline)
        let units = try await app.units(tripID: id)
        var lines = ShowPrinter.lines(trip, list: list, weather: weather, console: PlainText(), units: units)
        for stop in weather.failures {
            guard let failure = stop.failure else { continue }
            lines.append("Note: " + ShowPrinter.failureLine(failure, at: stop.leg, of: trip)
                         + (stop.report == nil ? " No forecast for these days." : " This is the forecast pinned at the last pack."))
        }
        // `plan show --json`'s keys, the trip's own under "trip" (as this tool has always given it).
        let shown = ShowPrinter.json(trip, list: list, weather: weather).objectValue ?? [:]
        var object: [String: JSONValue] = ["trip": TripPrinter.json(trip, packed: list.base != nil)]
        for key in ["forecast", "legs", "forecastError", "packingList"] { object[key] = shown[key] }
        return MCPToolResult(text: OutgoingText.lines(lines), structured: .object(object))
    }

    /// A trip's list with the keys of `plan pack --json`: the trip, items, counts and notices.
    func listJSON(_ trip: Trip, list: TravellerList) -> [String: JSONValue] {
        [
            "trip": TripPrinter.json(trip, packed: list.base != nil), "items": .array(ListPrinter.itemsJSON(list)),
            "packed": .number(Double(list.packedCount)), "total": .number(Double(list.entries.count)),
            "notices": .array(list.notices.map(JSONValue.string)), "session": .null, "model": .null,
        ]
    }
}
