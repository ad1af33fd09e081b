import Foundation
import Model
@testable import PlanKit
import Testing

/// A trip's edits: the stops' days move together, and the note says what changed in the trip's words.
@Suite struct TripEditTests {
    @Test func editsMoveSharedDaysAndExplainThemselves() throws {
        var trip = try TripTemplateTests.trip("West", "Denver, CO", "2026-12-03", "2026-12-08")
        trip.legs = [
            TripLeg(position: 1, destination: "Denver, CO", place: trip.place, start: trip.start, end: try #require(CalendarDate("2026-12-05")),
                    activities: ["ski"]),
            TripLeg(position: 2, destination: "Moab, UT", place: nil, start: try #require(CalendarDate("2026-12-05")), end: trip.end,
                    activities: ["ski"]),
        ]
        var moved = try TripEdit.legs(of: trip, leg: 2, from: CalendarDate("2026-12-06"), to: nil, destination: nil, place: nil)
        #expect(moved.map(\.start.description) == ["2026-12-03", "2026-12-06"])
        #expect(moved.map(\.end.description) == ["2026-12-06", "2026-12-08"])
        moved[1].activities = ["ski", "hiking"]
        let note = TripEdit.note(old: trip, legs: moved, party: TripParty(adults: 2, children: [5, 1]))
        #expect(note == "stop 1 dates Thu Dec 3 → Sat Dec 5 became Thu Dec 3 → Sun Dec 6; stop 2 dates Sat Dec 5 → Tue Dec 8 became Sun Dec 6 → Tue Dec 8; stop 2 activities ski became ski, hiking; travelling 1 adult became 2 adults, 2 children (5, 1)")
        #expect(TripEdit.note(old: trip, legs: trip.legs, party: .single) == nil)
        #expect(throws: TripEditError.self) {
            try TripEdit.legs(of: trip, leg: 2, from: CalendarDate("2026-12-08"), to: nil, destination: nil, place: nil)
        }
        #expect(throws: TripEditError.self) {
            try TripEdit.legs(of: trip, leg: nil, from: nil, to: nil, destination: "Vail, CO", place: nil)
        }
        let shortened = try TripEdit.removing(2, from: trip)
        #expect(shortened.count == 1 && shortened[0].end.description == "2026-12-05")
    }
}
