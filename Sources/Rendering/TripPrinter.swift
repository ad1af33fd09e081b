import FoundationEssentials
import JSON
import Model

/// How trips look on the terminal and in JSON.
public enum TripPrinter {
    /// A trip, a stop or a place in JSON, with the keys of the contract (design/cli.md).
    public static func json(_ trip: Trip, packed: Bool) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .number(Double(trip.id)),
            "name": .string(trip.name),
            "destination": .string(trip.destination),
            "start": .string(trip.start.description),
            "end": .string(trip.end.description),
            "nights": .number(Double(trip.nights)),
            "activities": .array(trip.activities.map(JSONValue.string)),
            "packed": .bool(packed),
            "created": .string(Timestamp.iso8601(trip.createdAt)),
        ]
        object["place"] = trip.place.map(json) ?? .null
        object["legs"] = .array(trip.legs.map(json))
        object["places"] = .string(trip.placesLabel)
        object["party"] = [
            "adults": .number(Double(trip.party.adults)), "children": .array(trip.party.children.map { .number(Double($0)) }),
        ]
        return .object(object)
    }

    /// One stop: its number, place as typed and resolved, and dates.
    public static func json(_ leg: TripLeg) -> JSONValue {
        [
            "position": .number(Double(leg.position)),
            "destination": .string(leg.destination),
            "place": leg.place.map(json) ?? .null,
            "start": .string(leg.start.description),
            "end": .string(leg.end.description),
            "nights": .number(Double(leg.nights)),
            "activities": .array(leg.activities.map(JSONValue.string)),
        ]
    }

    /// A trip, a stop or a place in JSON, with the keys of the contract (design/cli.md).
    public static func json(_ place: Place) -> JSONValue {
        [
            "name": .string(place.name),
            "region": .string(place.region),
            "country": .string(place.country),
            "latitude": .number(place.latitude),
            "longitude": .number(place.longitude),
            "timeZone": .string(place.timeZone),
            "source": .string(place.source),
        ]
    }

    /// "Denver, CO (Thu Dec 3 → Sun Dec 6, 3 nights)".
    public static func headline(_ trip: Trip) -> String {
        "\(trip.name) (\(dates(trip)))" + (trip.party == .single ? "" : " · \(trip.party.label)")
    }

    /// " · skiing, hiking" after a stop of a trip whose stops do different things; "" otherwise.
    public static func stopActivities(_ leg: TripLeg, of trip: Trip) -> String {
        guard trip.hasStopActivities else { return "" }
        return " · " + (leg.activities.isEmpty ? "no activities" : leg.activities.joined(separator: ", "))
    }

    /// "Thu Dec 3 → Sun Dec 6 2026, 3 nights"; the start's year too when it is another ("Thu Dec 31 9998 →
    /// Sat Jan 2 9999") or far from now ("Mon Jan 1 1 → Wed Jan 3 1"), so no far date lacks its year.
    public static func dates(_ trip: Trip) -> String {
        let nights = trip.nights == 1 ? "1 night" : "\(trip.nights) nights"
        let start = trip.start.year == trip.end.year && !trip.start.isFar()
            ? trip.start.dayLabel : "\(trip.start.dayLabel) \(trip.start.year)"
        return "\(start) → \(trip.end.dayLabel) \(trip.end.year), \(nights)"
    }

    /// The trip's details block for `show`.
    public static func details(_ trip: Trip, console: any TextStyling) -> [String] {
        let party = trip.party == .single ? "" : " · \(trip.party.label)"
        var lines = [console.bold("Trip \(trip.id): \(trip.name)\(party)")]
        if trip.hasStops {
            for leg in trip.legs {
                let nights = leg.nights == 1 ? "1 night" : "\(leg.nights) nights"
                let head = leg.position == 1 ? "  Stops       " : "              "
                lines.append("\(head)\(leg.position). \(leg.place?.label ?? leg.destination + " (not resolved)") · \(leg.start.shortLabel) → \(leg.end.shortLabel), \(nights)\(stopActivities(leg, of: trip))")
            }
        } else if let place = trip.place {
            let coordinates = FixedDecimal.text(place.latitude, places: 4) + ", " + FixedDecimal.text(place.longitude, places: 4)
            lines.append("  Place       \(place.label) (\(coordinates), \(place.timeZone))")
        } else {
            lines.append("  Place       \(trip.destination) (not resolved)")
        }
        lines.append("  Dates       \(dates(trip))")
        if !trip.activities.isEmpty, !trip.hasStopActivities {
            lines.append("  Activities  \(trip.activities.joined(separator: ", "))")
        }
        return lines
    }

    /// The widest a column other than the last gets: a longer cell (a stored 300 KB region) is cut with "…",
    /// so one trip cannot push every line's dates off the screen.
    static let maximumColumnWidth = 60

    /// Left-aligned columns separated by two spaces.
    public static func table(_ rows: [[String]]) -> [String] {
        let rows = rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 || cell.count <= maximumColumnWidth ? cell : cell.prefix(maximumColumnWidth - 1) + "…"
            }
        }
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = Array(repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        // Padded and trimmed by hand: Foundation's padding and trimming cost about 1M instructions per list.
        return rows.map { row in
            var line = row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[index] - cell.count))
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return String(line.drop { $0 == " " })
        }
    }
}
