import Foundation
import Model
import PlanKit
import Store
import Testing

/// The core's checks of a new trip say what is wrong in the trip's words: an assistant, a phone page and the
/// command line each word it for their own syntax, and none of them is told about a flag it never typed.
struct TripRequestTests {
    static let day = CalendarDate(year: 2027, month: 3, day: 10) ?? CalendarDate(dayNumber: 0)

    static func request(
        _ destination: String = "Lisbon, Portugal", start: Int? = 0, end: Int? = 3, stops: [TripRequest.Stop] = [], activities: [String] = []
    ) -> TripRequest {
        TripRequest(
            destination: destination, start: start.map { day.adding(days: $0) }, end: end.map { day.adding(days: $0) },
            activities: activities, stops: stops
        )
    }

    @Test func aGoodTripIsMadeWithItsStopsAndCanonicalActivities() throws {
        let stop = TripRequest.Stop(destination: " Porto ", end: Self.day.adding(days: 6), activities: ["Surf", "surf"])
        let trip = try Self.request(stops: [stop], activities: ["ski", "none", "Hiking"]).validated()
        #expect(trip.name == "Lisbon, Portugal → Porto")
        #expect(trip.stops.map(\.destination) == ["Porto"])
        #expect(trip.activities == ["skiing", "hiking"], "ski is skiing; none is no activity")
        #expect(trip.stops.first?.activities == ["surfing"], "a stop's activities are checked the same way, once each")
    }

    static let problems: [(TripRequest, TripProblem)] = [
        (request("  "), .emptyDestination),
        (request("Lis\u{1B}[2Jbon"), .invisibleInDestination),
        (request(start: nil), .noStart),
        (request(end: nil), .noEnd),
        (request(start: 3, end: 1), .endsBeforeStart(start: day.adding(days: 3), end: day.adding(days: 1))),
        (request(end: 400), .longerThanAYear),
        (request(stops: [TripRequest.Stop(destination: "Porto", end: nil)]), .stopWithoutEnd(destination: "Porto")),
        (request(stops: [TripRequest.Stop(destination: "Porto", end: day.adding(days: 3))]),
         .stopEndsTooEarly(destination: "Porto", end: day.adding(days: 3), previousEnd: day.adding(days: 3))),
        (request(activities: ["sk!ing"]), .badActivity("sk!ing")),
        (request(activities: (1...21).map { "sport\($0)" }), .tooManyActivities),
    ]

    @Test(arguments: problems.indices)
    func aProblemIsNamedInTheTripsWordsWithAWayForward(_ index: Int) throws {
        let (request, expected) = Self.problems[index]
        #expect(throws: expected) { try request.validated() }
        let message = expected.errorDescription ?? ""
        #expect(!message.isEmpty && !message.contains("--"), "no flag in: \(message)")
        #expect(expected.recoverySuggestion.map { !$0.contains("--") } ?? true)
    }

    @Test func theDatesAreSaidAsTheTripsDays() {
        let problem = TripProblem.endsBeforeStart(start: Self.day.adding(days: 3), end: Self.day.adding(days: 1))
        #expect(problem.errorDescription == "the trip ends on 2027-03-11, before it starts on 2027-03-13.")
    }

    @Test func outsideTextInAMessageCannotCarryControls() {
        let problem = TripProblem.stopWithoutEnd(destination: "Porto\u{1B}]0;owned\u{07}")
        #expect(problem.errorDescription?.unicodeScalars.contains { $0.value < 0x20 } == false)
    }
}
