import Foundation
import Interface
import LanguageModels
import Planner
import Store
import Tools

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
        var added = false
        if arguments.values["trip"] != nil, arguments.values["trip"] != .null {
            trip = try await self.trip(try arguments.trip())
        } else {
            let destination = try arguments.string("destination")
            var details = TripDetails()
            details.from = try arguments.date("from")
            details.to = try arguments.date("to")
            details.activities = try arguments.words("activities", limit: 20)?.joined(separator: ",")
            details.stops = try arguments.stops("stops", limit: 20).map {
                TripDetails.Stop(destination: $0.destination, end: $0.end, activities: $0.activities?.joined(separator: ","))
            }
            details.adults = try arguments.integer("adults", in: TripParty.adultRange)
            details.children = try arguments.integers("children", in: TripParty.childAgeRange, limit: 20)
            let new = try await services.newTrip(destination, details)
            trip = try await store.addTrip(new)
            added = true
        }
        let result = try await services.pack(store, trip)
        let list = try await ListKeeper(store: store).list(tripID: trip.id)
        var object = listJSON(trip, list: list)
        object["session"] = .number(Double(result.sessionID))
        object["model"] = .string(result.model)
        var lines = [(added ? "Added trip \(trip.id): " : "Trip \(trip.id): ") + TripPrinter.headline(trip)]
        lines += ListPrinter.lines(list, tripID: trip.id, console: PlainText())
        return MCPToolResult(text: lines.joined(separator: "\n"), structured: .object(object), changedResources: added)
    }

    var listTripsTool: MCPTool {
        MCPTool(
            name: "list_trips", title: "List trips",
            description: "Every stored trip, newest first: id, name, destination, dates, activities and whether it has a packing list.",
            inputSchema: PlanSchemas.object([:]),
            outputSchema: PlanSchemas.object(["trips": PlanSchemas.objects], required: ["trips"]), readOnly: true
        ) { [self] _ in
            let summaries = try await store.tripSummaries()
            let trips = summaries.map { TripPrinter.json($0.trip, packed: $0.hasPackingList) }
            let lines = summaries.map { "\($0.trip.id) \(TripPrinter.headline($0.trip))\($0.hasPackingList ? " · packed list" : "")" }
            return MCPToolResult(text: lines.isEmpty ? "No trips yet." : lines.joined(separator: "\n"), structured: ["trips": .array(trips)])
        }
    }

    var showTripTool: MCPTool {
        MCPTool(
            name: "show_trip", title: "Show a trip",
            description: "A trip as 'plan show' gives it: its place, dates and activities, the forecast for its days (through the cache; the forecast pinned at the last pack when the services fail) and its packing list with ticks.",
            inputSchema: PlanSchemas.object(["trip": PlanSchemas.tripID], required: ["trip"]),
            outputSchema: PlanSchemas.object(
                ["trip": PlanSchemas.anyObject, "forecast": ["type": ["object", "null"]], "packingList": ["type": ["object", "null"]]],
                required: ["trip", "forecast", "packingList"]
            ),
            readOnly: true
        ) { [self] values in try await showTrip(arguments(values).trip()) }
    }

    private func showTrip(_ id: Int) async throws -> MCPToolResult {
        let trip = try await self.trip(id)
        let list = try await ListKeeper(store: store).list(tripID: id)
        var report: ForecastReport?
        if let place = trip.place {
            do {
                report = try await services.forecastService(store).forecast(for: place, from: trip.start, to: trip.end)
            } catch {
                if let pinned = try await store.latestForecast(tripID: id) {
                    report = ForecastReport(forecast: try Forecast.fromJSON(pinned.forecast), origin: .pinned)
                }
            }
        }
        let hasList = list.base != nil || !list.entries.isEmpty
        let object: JSONValue = [
            "trip": TripPrinter.json(trip, packed: list.base != nil),
            "forecast": report.map { ForecastPrinter.json($0, trip: trip) } ?? .null,
            "packingList": hasList ? ListPrinter.json(list) : .null,
        ]
        var lines = TripPrinter.details(trip, console: PlainText())
        if let report { lines += ForecastPrinter.lines(report, trip: trip, console: PlainText(), units: try await services.units(store, id)) }
        if hasList { lines += [""] + ListPrinter.lines(list, tripID: id, console: PlainText()) }
        return MCPToolResult(text: lines.joined(separator: "\n"), structured: object)
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
