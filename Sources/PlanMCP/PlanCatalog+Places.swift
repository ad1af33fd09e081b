import FoundationEssentials
import Basics
import JSON
import MCP
import Model
import PlanKit
import Rendering

extension PlanCatalog {
    var geocodeTool: MCPTool {
        MCPTool(
            name: "geocode", title: "Find a place",
            description: "Resolves a place name (a city, region, airport, park or island; add the region or country to disambiguate) to its name, region, country, coordinates, time zone and kind, as 'plan add' does.",
            inputSchema: PlanSchemas.object(["query": PlanSchemas.string("the place, e.g. \"Denver, CO\" or \"Zion National Park\"")], required: ["query"]),
            outputSchema: PlanSchemas.place, readOnly: true
        ) { [self] values in
            let query = try arguments(values).string("query")
            let (place, notes) = try await lookUp(query)
            var json = Self.placeJSON(place).objectValue ?? [:]
            json["notes"] = .array(notes.map(JSONValue.string))
            let text = "\(place.label) (\(place.kind.rawValue)): \(Printf.format("%.4f, %.4f", place.latitude, place.longitude)), \(place.timeZone)"
            return MCPToolResult(text: OutgoingText.lines([text] + notes.map { "Note: " + $0 }), structured: .object(json))
        }
    }

    var forecastTool: MCPTool {
        MCPTool(
            name: "forecast", title: "Weather for dates",
            description: "The weather for each day from 'from' to 'to' at a place (or at latitude+longitude, days on UTC): high, low, chance of precipitation, wind, UV and each day's source (NWS, Open-Meteo, or climate normals beyond the forecast's reach), with alerts. Read through plan's cache, as 'plan show'. In structuredContent temperatures are °F and wind mph (as 'plan show --json'); the text uses the traveller's units.",
            inputSchema: PlanSchemas.object([
                "place": PlanSchemas.string("a place name; or give latitude and longitude"),
                "latitude": ["type": "number", "minimum": -90, "maximum": 90], "longitude": ["type": "number", "minimum": -180, "maximum": 180],
                "from": PlanSchemas.date, "to": PlanSchemas.date,
            ], required: ["from", "to"]),
            outputSchema: PlanSchemas.object([
                "place": PlanSchemas.place, "from": ["type": "string"], "to": ["type": "string"], "source": ["type": "string"],
                "days": PlanSchemas.objects, "alerts": PlanSchemas.objects, "stale": ["type": "boolean"],
            ], required: ["place", "from", "to", "days", "alerts"]),
            readOnly: true
        ) { [self] values in try await forecast(arguments(values)) }
    }

    private func forecast(_ arguments: ToolArguments) async throws -> MCPToolResult {
        let (from, to) = (try arguments.date("from"), try arguments.date("to"))
        guard to >= from else { throw PlanToolError.invalid("to", expected: "on or after 'from' (\(from))") }
        guard from.days(to: to) <= 366 else { throw PlanToolError.invalid("to", expected: "at most 366 days after 'from'") }
        let place: Place
        var notes: [String] = []
        if let name = try arguments.optionalString("place") {
            (place, notes) = try await lookUp(name)
        } else if let latitude = try arguments.number("latitude", in: -90...90), let longitude = try arguments.number("longitude", in: -180...180) {
            let label = Printf.format("%.4f, %.4f", latitude, longitude)
            place = Place(name: label, region: "", country: "", latitude: latitude, longitude: longitude, timeZone: "UTC", source: "typed")
        } else {
            throw PlanToolError.missing("place")
        }
        let trip = Trip(id: 0, name: place.label, destination: place.label, place: place, start: from, end: to, activities: [], createdAt: Date())
        let report = try await app.forecast(at: place, from: from, to: to, offline: offline)
        var object = ForecastPrinter.json(report, trip: trip).objectValue ?? [:]
        object["place"] = Self.placeJSON(place)
        object["from"] = .string(from.description)
        object["to"] = .string(to.description)
        object["notes"] = .array(notes.map(JSONValue.string))
        var lines = ["\(place.label), \(from) to \(to)"] + notes.map { "Note: " + $0 }
        lines += ForecastPrinter.lines(report, trip: trip, console: PlainText(), units: try await app.units())
        return MCPToolResult(text: OutgoingText.lines(lines), structured: .object(object))
    }

    static func placeJSON(_ place: Place) -> JSONValue {
        var object = TripPrinter.json(place).objectValue ?? [:]
        object["kind"] = .string(place.kind.rawValue)
        object["label"] = .string(place.label)
        return .object(object)
    }
}
