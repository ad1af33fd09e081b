import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// Issue 43: a trip weeks out, past the forecast and with no climate to hand, is dressed by the season's guess:
/// Tromsø or Fairbanks in January get insulated winter boots (the boot rule ignored the guess), a mild winter
/// guess does not. Read as the traveller gets the list from the built-in engine.
@Suite struct SeasonalBootsTests {
    typealias Trips = StopAndPersonClothingTests

    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let place: Place
        let month: Int
        let activities: [String]
        let boots: Bool
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "Tromsø in January, sightseeing", place: Trips.place("Tromsø", "NO", 69.65, 18.96), month: 1,
             activities: ["sightseeing"], boots: true),
        Case(label: "Fairbanks in January, a family visit", place: Trips.place("Fairbanks", "US", 64.84, -147.72), month: 1,
             activities: [], boots: true),
        Case(label: "Rovaniemi in December, hiking", place: Trips.place("Rovaniemi", "FI", 66.5, 25.73), month: 12,
             activities: ["hiking"], boots: true),
        Case(label: "Paris in January: no winter boots by a guess", place: Trips.place("Paris", "FR", 48.86, 2.35), month: 1,
             activities: ["sightseeing"], boots: false),
        Case(label: "Tromsø in July: none", place: Trips.place("Tromsø", "NO", 69.65, 18.96), month: 7,
             activities: ["sightseeing"], boots: false),
    ]

    @Test(arguments: cases)
    func theSeasonsGuessBootsTheDeepCold(_ trip: Case) {
        let start = CalendarDate(year: 2027, month: trip.month, day: 12) ?? Trips.start
        let end = start.adding(days: 6)
        let stored = Trip(id: 1, name: "t", destination: trip.place.name, place: trip.place, start: start, end: end,
                          activities: trip.activities, createdAt: Date(timeIntervalSince1970: 0))
        // Weeks out, offline: no forecast and no climate.
        let context = PackingContext(trip: stored, forecast: nil, unavailableReason: "offline", traveller: Traveller(home: "GB"),
                                     today: start.adding(days: -40))
        let outcome = PackingCheck(context: context, destination: stored.destination, place: stored.place)
            .review(PackingRules.list(for: context), model: "built-in")
        let boots = outcome.list.items.first { $0.category == "Footwear" && $0.name.lowercased().contains("insulated") }
        #expect((boots != nil) == trip.boots, "\(outcome.list.items.filter { $0.category == "Footwear" }.map { "\($0.name) — \($0.reason)" })")
    }
}
