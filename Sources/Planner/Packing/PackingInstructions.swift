import Foundation
import Store
import Tools

/// What the planner tells a model, and the shape it asks the answer in. Short on purpose:
/// every token here is spent from the context window on every round.
public enum PackingInstructions {
    /// The categories answers use, in display order.
    public static let categories = [
        "Clothing", "Outerwear", "Footwear", "Rain & weather", "Toiletries", "Health", "Documents & money",
        "Electronics", "Activity gear",
    ]

    public static let text = """
        You help travellers pack. Call forecast with the destination's coordinates given in the request. \
        Never guess the weather. Recommend only what the trip and forecast call for; keep the list short. \
        Group items by category; at most 30 items. For each weather-driven item, give the day and figure in the reason \
        ("80% chance of rain Tue Dec 1") and set weather to true.
        """

    /// The prompt for a trip.
    public static func prompt(for trip: Trip) -> String {
        var text = "Packing list for \(trip.place?.label ?? trip.destination), \(trip.start) to \(trip.end)"
        text += " (\(trip.nights) night\(trip.nights == 1 ? "" : "s"))."
        if let place = trip.place {
            text += String(format: " Coordinates: latitude %.4f, longitude %.4f.", place.latitude, place.longitude)
        }
        if !trip.activities.isEmpty { text += " Activities: \(trip.activities.joined(separator: ", "))." }
        return text
    }

    /// The trip as structured data attached to the prompt (the built-in engine reads it).
    public static func payload(for trip: Trip) -> JSONValue {
        [
            "destination": .string(trip.place?.label ?? trip.destination),
            "start": .string(trip.start.description),
            "end": .string(trip.end.description),
            "nights": .number(Double(trip.nights)),
            "activities": .array(trip.activities.map(JSONValue.string)),
            "latitude": .from(trip.place?.latitude),
            "longitude": .from(trip.place?.longitude),
            "country": .from(trip.place?.country),
        ]
    }

    /// The JSON schema of a `PackingList` answer.
    public static let schema: JSONValue = [
        "type": "object",
        "properties": [
            "items": [
                "type": "array",
                "minItems": 1,
                "maxItems": 50,
                "items": [
                    "type": "object",
                    "properties": [
                        "category": ["type": "string", "enum": .array(categories.map(JSONValue.string))],
                        "name": ["type": "string", "minLength": 1, "maxLength": 50],
                        "quantity": ["type": ["integer", "null"]],
                        "reason": ["type": "string", "minLength": 1, "maxLength": 100],
                        "weather": ["type": "boolean"],
                    ],
                    "required": ["category", "name", "quantity", "reason", "weather"],
                    "additionalProperties": false,
                ],
            ],
            "notices": ["type": "array", "maxItems": 6, "items": ["type": "string", "maxLength": 300]],
        ],
        "required": ["items", "notices"],
        "additionalProperties": false,
    ]

    /// Decodes a structured answer into a list (after the session checked it against `schema`).
    public static func list(from json: JSONValue) throws -> PackingList {
        let items = (json["items"]?.arrayValue ?? []).compactMap { item -> PackingItem? in
            guard let name = item["name"]?.stringValue, let category = item["category"]?.stringValue else { return nil }
            // Quantities are clamped rather than refused: a grammar cannot bound numbers, and 0 or 500 socks
            // from a small model should not cost the traveller the whole list.
            let quantity = item["quantity"]?.intValue.flatMap { $0 < 1 ? nil : min($0, 30) }
            return PackingItem(
                category: category, name: name, quantity: quantity,
                reason: item["reason"]?.stringValue ?? "", weather: item["weather"]?.boolValue ?? false
            )
        }
        guard !items.isEmpty else { throw GenerationError.decodingFailure("the list has no items") }
        return PackingList(items: items, notices: json["notices"]?.arrayValue?.compactMap(\.stringValue) ?? [])
    }

    /// A list as the JSON the schema describes.
    public static func json(_ list: PackingList) -> JSONValue {
        [
            "items": .array(list.items.map { item in
                [
                    "category": .string(item.category), "name": .string(item.name), "quantity": .from(item.quantity),
                    "reason": .string(item.reason), "weather": .bool(item.weather),
                ]
            }),
            "notices": .array(list.notices.map(JSONValue.string)),
        ]
    }
}
