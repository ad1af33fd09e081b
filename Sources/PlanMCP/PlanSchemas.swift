import JSON
import MCP

/// The JSON Schemas of plan's tools: what each takes and what its `structuredContent` holds.
enum PlanSchemas {
    static func object(_ properties: [String: JSONValue], required: [String] = []) -> JSONValue {
        ["type": "object", "properties": .object(properties), "required": .array(required.map(JSONValue.string))]
    }

    static func string(_ description: String) -> JSONValue { ["type": "string", "description": .string(description)] }

    static let date: JSONValue = ["type": "string", "description": "YYYY-MM-DD, 'today' or 'tomorrow'"]
    static let tripID: JSONValue = ["type": "integer", "minimum": 1, "description": "a trip id (see list_trips)"]
    static let anyObject: JSONValue = ["type": "object"]
    static let objects: JSONValue = ["type": "array", "items": ["type": "object"]]
    static let strings: JSONValue = ["type": "array", "items": ["type": "string"]]
    static let integer: JSONValue = ["type": "integer"]

    /// A place: name, region, country, coordinates, time zone, kind.
    static let place = object([
        "name": ["type": "string"], "region": ["type": "string"], "country": ["type": "string"],
        "latitude": ["type": "number"], "longitude": ["type": "number"], "timeZone": ["type": "string"],
        "kind": ["type": "string"], "label": ["type": "string"], "source": ["type": "string"],
    ], required: ["name", "country", "latitude", "longitude", "kind"])

    /// A list's items as `plan show --json` gives them.
    static let list = object([
        "trip": anyObject, "items": objects, "packed": integer, "total": integer, "notices": strings,
        "session": ["type": ["integer", "null"]], "model": ["type": ["string", "null"]],
    ], required: ["trip", "items", "packed", "total"])
}
