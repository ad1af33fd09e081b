import FoundationEssentials
import Basics
import Model

/// A new trip like an old one (`plan add … --like <trip>`): the old trip's activities and its name with the
/// year and the place brought up to date. Not its forecast, list or ticks: those belong to its own days.
public enum TripTemplate {
    /// The new trip's name from the old one's, or nil when the new trip takes its own default (the place or
    /// places as typed): when the old name was only its default, or when it names a place of the old trip
    /// that the new trip cannot take one for one (the new trip has other places, or several). "Aspen 2025" for
    /// a trip starting in 2026 is "Aspen 2026"; "Ski week in Aspen" for Vail is "Ski week in Vail"; for Vail
    /// then Denver it is nil.
    public static func name(like old: Trip, destinations: [String], start: CalendarDate) -> String? {
        let oldDefaults = [
            old.destination, old.placesLabel, old.legs.map(\.destination).joined(separator: " → "),
            old.legs.map(\.shortLabel).joined(separator: " → "),
        ]
        guard !oldDefaults.contains(old.name) else { return nil }
        var name = old.name
        let oldYear = String(old.start.year)
        let newYear = String(start.year)
        if oldYear != newYear { name = replacingWord(oldYear, with: newYear, in: name) }
        let oldPlaces = Set(old.legs.flatMap { [$0.name, leadingName($0.destination)] }.filter { !$0.isEmpty })
        let named = oldPlaces.filter { replacingWord($0, with: "", in: name) != name }.sorted { $0.count > $1.count }
        guard !named.isEmpty else { return name.count <= 200 ? name : nil }
        // The old name names its place: the new trip's own place takes its stead, one for one, or its own default.
        guard old.legs.count == 1, destinations.count == 1, let typed = destinations.first else { return nil }
        let newPlace = leadingName(typed)
        for place in named where place.lowercased() != newPlace.lowercased() {
            name = replacingWord(place, with: newPlace, in: name)
        }
        return name.count <= 200 ? name : nil
    }

    /// `new` with what it takes from `old`: activities unless given, the name unless given.
    public static func apply(_ old: Trip, to new: NewTrip, hasOwnName: Bool, hasOwnActivities: Bool) -> NewTrip {
        var new = new
        if !hasOwnActivities { new.activities = old.activities }
        if !hasOwnName, let name = name(like: old, destinations: new.legs.map(\.destination), start: new.start) {
            new.name = name
        }
        return new
    }

    /// "Aspen" from "Aspen, CO".
    static func leadingName(_ typed: String) -> String {
        String(typed.split(separator: ",").first ?? Substring(typed)).trimming(.whitespaces)
    }

    /// Every occurrence of `word` that stands alone (not inside a longer word or number), in any case.
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        guard !word.isEmpty else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.firstRangeIgnoringCase(of: word) {
            let before = rest[..<range.lowerBound].last ?? (result.last ?? " ")
            let after = rest[range.upperBound...].first ?? " "
            let standsAlone = !(before.isLetter || before.isNumber) && !(after.isLetter || after.isNumber)
            result += rest[..<range.lowerBound]
            result += standsAlone ? Substring(replacement) : rest[range]
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
