import FoundationEssentials
import Basics
import JSON
import LanguageModels
import Model
import Store
import Tools

/// What the planner tells a model, and the shape it asks the answer in. Short on purpose:
/// every token here is spent from the context window on every round.
public enum PackingInstructions {
    /// The categories answers use, in display order.
    public static let categories = [
        "Clothing", "Outerwear", "Footwear", "Accessories", "Rain & weather", "Toiletries", "Health", "Documents & money",
        "Electronics", "Activity gear",
    ]

    public static let text = """
        You help travellers pack. Call forecast with the destination's coordinates given in the request. \
        Never guess the weather. Recommend only what the trip and forecast call for; keep the list short. \
        Group items by category; at most 30 items. For each weather-driven item, give the day and figure in the reason \
        ("80% chance of rain Tue Dec 1") and set weather to true.
        """

    /// The prompt for a trip.
    public static func prompt(for trip: Trip, traveller: Traveller? = nil) -> String {
        if trip.hasStops { return stopsPrompt(for: trip, traveller: traveller) }
        var text = "Packing list for \(trip.place?.label ?? trip.destination), \(trip.start) to \(trip.end)"
        text += " (\(trip.nights) night\(trip.nights == 1 ? "" : "s"))."
        if let place = trip.place {
            text += Printf.format(" Coordinates: latitude %.4f, longitude %.4f.", place.latitude, place.longitude)
        }
        if !trip.activities.isEmpty { text += " Activities: \(trip.activities.joined(separator: ", "))." }
        if trip.party != .single { text += " Travelling: \(trip.party.label) (count clothes and documents for each)." }
        if let traveller, traveller != .standard {
            text += " The traveller lives in \(traveller.home) and reads \(traveller.units == .us ? "°F" : "°C")."
        }
        return text
    }

    /// The trip as a typed value attached to the prompt (the built-in engine reads it).
    public static func payload(for trip: Trip, traveller: Traveller? = nil, today: CalendarDate? = nil) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var brief = TripBrief(trip)
        brief.traveller = traveller
        brief.today = today
        return (try? encoder.encode(brief)).flatMap { try? JSONValue.parse($0) } ?? .null
    }

    /// The JSON schema of a `PackingList` answer (compiled from `PackingAnswer`'s declaration).
    public static var schema: JSONValue { PackingAnswer.generationSchema.jsonSchema }

    /// Decodes a structured answer into a list (after the session checked it against the schema).
    public static func list(from json: JSONValue) throws -> PackingList {
        let answer = try PackingAnswer(json: json)
        let list = answer.list
        guard !list.items.isEmpty else { throw LanguageModelError.decodingFailure("the list has no items") }
        return list
    }

    /// A list as the JSON the schema describes.
    public static func json(_ list: PackingList) -> JSONValue {
        (try? PackingAnswer(list).json) ?? ["items": [], "notices": []]
    }
}
