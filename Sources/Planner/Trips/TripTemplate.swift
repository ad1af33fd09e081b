import Foundation
import Store

/// A new trip like an old one (`plan add … --like <trip>`): the old trip's activities and its name with the
/// year and the place brought up to date. Not its forecast, list or ticks: those belong to its own days.
public enum TripTemplate {
    /// The new trip's name from the old one's, or nil when the old name was only its default (the place
    /// or places as typed): the new trip then takes its own default. "Aspen 2025" for a trip starting in
    /// 2026 is "Aspen 2026"; "Ski week in Aspen" for Vail is "Ski week in Vail".
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
        if old.legs.count == 1, destinations.count == 1, let typed = destinations.first {
            let oldPlace = old.legs[0].name
            let newPlace = leadingName(typed)
            if !oldPlace.isEmpty, oldPlace.lowercased() != newPlace.lowercased() {
                name = replacingWord(oldPlace, with: newPlace, in: name)
                let oldTyped = leadingName(old.destination)
                if oldTyped != oldPlace { name = replacingWord(oldTyped, with: newPlace, in: name) }
            }
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
        String(typed.split(separator: ",").first ?? Substring(typed)).trimmingCharacters(in: .whitespaces)
    }

    /// Every occurrence of `word` that stands alone (not inside a longer word or number).
    static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        guard !word.isEmpty else { return text }
        var result = ""
        var rest = Substring(text)
        while let range = rest.range(of: word) {
            let before = rest[..<range.lowerBound].last ?? (result.last ?? " ")
            let after = rest[range.upperBound...].first ?? " "
            let standsAlone = !(before.isLetter || before.isNumber) && !(after.isLetter || after.isNumber)
            result += rest[..<range.lowerBound]
            result += standsAlone ? replacement : word
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
