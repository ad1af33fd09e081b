import FoundationEssentials
import Basics
import Model
import Store

extension PackingInstructions {
    /// The prompt for a trip of several stops: every stop with its dates and coordinates, one list.
    static func stopsPrompt(for trip: Trip, traveller: Traveller? = nil) -> String {
        var text = "Packing list for one trip of \(trip.legs.count) stops, \(trip.start) to \(trip.end)"
        text += " (\(trip.nights) night\(trip.nights == 1 ? "" : "s")). Stops:"
        for leg in trip.legs {
            text += " \(leg.position). \(leg.place?.label ?? leg.destination), \(leg.start) to \(leg.end)"
            if let place = leg.place {
                text += Printf.format(" (latitude %.4f, longitude %.4f)", place.latitude, place.longitude)
            }
            if trip.hasStopActivities {
                text += leg.activities.isEmpty ? ", no activities" : ", activities: " + leg.activities.joined(separator: ", ")
            }
            text += ";"
        }
        text.removeLast()
        text += ". Call forecast for each stop. One list for the whole trip; a weather reason names the day and the stop."
        if !trip.activities.isEmpty, !trip.hasStopActivities {
            text += " Activities: \(trip.activities.joined(separator: ", "))."
        }
        if trip.party != .single { text += " Travelling: \(trip.party.label)." }
        if let traveller, traveller != .standard {
            text += " The traveller lives in \(traveller.home) and reads \(traveller.units == .us ? "°F" : "°C")."
        }
        return text
    }
}
