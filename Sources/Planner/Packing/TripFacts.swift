import FoundationEssentials
import LanguageModels
import Model
import Store
import Tools

/// What a follow-up question is answered from, as one compact text: the trip, the forecast its list was
/// made from, and the list. It replaces the pack's tool rounds, so a small window holds it.
public struct TripFacts: Sendable {
    public var trip: Trip
    public var forecast: Forecast?
    public var list: PackingList?
    /// A trip of several stops: which day is spent where (the forecast is then every stop's, combined).
    public var stops: StopForecasts?
    /// The units the forecast is said in: the traveller's, as the list's reasons are.
    public var units: MeasurementUnits

    public init(trip: Trip, snapshot: ForecastSnapshot?, list: StoredPackingList?, units: MeasurementUnits = .us) throws {
        self.trip = trip
        self.units = units
        forecast = try snapshot.map { try Forecast.fromJSON($0.forecast) }
        self.list = try list.map { try PackingList.fromJSON($0.json) }
    }

    /// The facts within `budget` tokens: the list is shortened first (items from the end), then the forecast.
    public func text(budget: Int, model: any LanguageModel) async -> String {
        var days = forecast?.days(from: trip.start, to: trip.end).map { day -> String in
            let line = day.compactLine(units: units)
            return stops?.cite(line) ?? line
        } ?? []
        var items = list.map { Self.groups($0) } ?? []
        var text = render(days: days, items: items)
        // The floor: the loop ends when there is nothing left to drop (an emptied category group counts as
        // nothing), whatever the budget; the caller refuses windows too small for the rest.
        while TokenEstimate.count(text) > budget {
            if let last = items.lastIndex(where: { !$0.1.isEmpty }) {
                items[last].1.removeLast()
            } else if !days.isEmpty {
                days.removeLast()
            } else {
                break
            }
            text = render(days: days, items: items)
        }
        return text
    }

    private func render(days: [String], items: [(String, [String])]) -> String {
        let nights = trip.nights
        var lines = ["Trip: \(trip.hasStops ? trip.placesLabel : trip.place?.label ?? trip.destination), \(trip.start.shortLabel) to \(trip.end.shortLabel) \(trip.end.year) (\(nights) night\(nights == 1 ? "" : "s"))."]
        if trip.hasStopActivities {
            let each = trip.legs.map { "\($0.name): \($0.activities.isEmpty ? "none" : $0.activities.joined(separator: ", "))" }
            lines[0] += " Activities by stop: \(each.joined(separator: "; "))."
        } else if !trip.activities.isEmpty {
            lines[0] += " Activities: \(trip.activities.joined(separator: ", "))."
        }
        if trip.party != .single { lines[0] += " Travelling: \(trip.party.label)." }
        if let forecast {
            lines.append("Forecast (\(forecast.sourceName)):")
            lines += days
            let missing = forecast.missingDays(from: trip.start, to: trip.end)
            if !missing.isEmpty { lines.append("No forecast for: " + missing.map(\.shortLabel).joined(separator: ", ") + ".") }
        } else {
            lines.append("Forecast: none was fetched for this trip.")
        }
        let groups = items.filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1.joined(separator: ", "))" }
        lines.append(groups.isEmpty ? "Packing list: none yet." : "Packing list: " + groups.joined(separator: "; ") + ".")
        return lines.joined(separator: "\n")
    }

    /// The list's item labels by category ("Underwear ×5").
    static func groups(_ list: PackingList) -> [(String, [String])] {
        list.categories.map { category in
            (category, list.items.filter { $0.category == category }.map { item in
                item.quantity.map { $0 > 1 ? "\(item.name) ×\($0)" : item.name } ?? item.name
            })
        }
    }
}
