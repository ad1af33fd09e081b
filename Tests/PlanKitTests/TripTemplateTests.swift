import Foundation
import Model
@testable import PlanKit
import Testing

/// `--like`: the name pattern, and the arithmetic of edits to a trip's stops.
@Suite struct TripTemplateTests {
    static func trip(_ name: String, _ destination: String, _ start: String, _ end: String) throws -> Trip {
        let place = Place(
            name: String(destination.split(separator: ",")[0]), region: "CO", country: "US", latitude: 39, longitude: -106,
            timeZone: "America/Denver", source: "gazetteer"
        )
        return Trip(
            id: 4, name: name, destination: destination, place: place, start: try #require(CalendarDate(start)),
            end: try #require(CalendarDate(end)), activities: ["ski"], createdAt: Date()
        )
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let old: String
        let to: String
        let year: String
        let expected: String?
        var testDescription: String { "\(old) → \(to) \(year)" }
    }

    static let cases: [Case] = [
        Case(old: "Aspen 2025", to: "Aspen, CO", year: "2026", expected: "Aspen 2026"),
        Case(old: "Aspen 2025", to: "Vail, CO", year: "2026", expected: "Vail 2026"),
        Case(old: "Ski week in Aspen", to: "Vail, CO", year: "2025", expected: "Ski week in Vail"),
        Case(old: "Aspen, CO", to: "Vail, CO", year: "2026", expected: nil),  // the old default: the new default
        Case(old: "Aspenglow 20250", to: "Vail, CO", year: "2026", expected: "Aspenglow 20250"),  // whole words only
        Case(old: "Family trip", to: "Aspen, CO", year: "2026", expected: "Family trip"),
    ]

    @Test(arguments: cases)
    func theNameTakesTheNewYearAndPlace(_ test: Case) throws {
        let old = try Self.trip(test.old, "Aspen, CO", "2025-12-20", "2025-12-27")
        let start = try #require(CalendarDate("\(test.year)-12-19"))
        #expect(TripTemplate.name(like: old, destinations: [test.to], start: start) == test.expected)
    }

    /// The new trip is named from its own places: an old name that names its place keeps it only one for
    /// one (a one-stop trip for a one-stop trip), in whatever case it was written.
    @Test func aNameThatNamesTheOldPlaceIsNotKeptForOtherPlaces() throws {
        let old = try Self.trip("Ski week in Aspen 2025", "Aspen, CO", "2025-12-20", "2025-12-27")
        let start = try #require(CalendarDate("2026-12-19"))
        #expect(TripTemplate.name(like: old, destinations: ["Vail, CO", "Denver, CO"], start: start) == nil)
        let lower = try Self.trip("ski week in aspen", "Aspen, CO", "2025-12-20", "2025-12-27")
        #expect(TripTemplate.name(like: lower, destinations: ["Vail, CO"], start: start) == "ski week in Vail")
        // A name that names no place is kept, whatever the new places.
        let family = try Self.trip("Family trip 2025", "Aspen, CO", "2025-12-20", "2025-12-27")
        #expect(TripTemplate.name(like: family, destinations: ["Vail, CO", "Denver, CO"], start: start) == "Family trip 2026")
    }

    @Test func givenOptionsWinOverTheOldTrip() throws {
        let old = try Self.trip("Aspen 2025", "Aspen, CO", "2025-12-20", "2025-12-27")
        let new = NewTrip(
            name: "Vail, CO", destination: "Vail, CO", place: nil, start: try #require(CalendarDate("2026-12-19")),
            end: try #require(CalendarDate("2026-12-26")), activities: ["hiking"]
        )
        let copied = TripTemplate.apply(old, to: new, hasOwnName: false, hasOwnActivities: false)
        #expect(copied.activities == ["ski"] && copied.name == "Vail 2026")
        let own = TripTemplate.apply(old, to: new, hasOwnName: true, hasOwnActivities: true)
        #expect(own == new)
    }
}
