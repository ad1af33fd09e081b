import Foundation
import Model
@testable import Planner
import Store
import Testing
import Tools

/// The boundary where a trip's stops become the rules' days: each stop's days from its own forecast, and
/// reasons naming the stop of the day they cite.
@Suite struct StopForecastsTests {
    static func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(text)) }

    static func forecast(_ first: String, days: Int, high: Int) throws -> Forecast {
        let start = try date(first)
        return Forecast(
            source: "nws", url: "u", timeZone: "UTC", updatedAt: nil, fetchedAt: Date(timeIntervalSince1970: 0),
            days: (0..<days).map { ForecastDay(date: start.adding(days: $0), high: high, low: high - 20, summary: "Sunny") }
        )
    }

    static func legs() throws -> [TripLeg] {
        [
            TripLeg(position: 1, destination: "Denver", place: nil, start: try date("2026-12-03"), end: try date("2026-12-05")),
            TripLeg(position: 2, destination: "Phoenix", place: nil, start: try date("2026-12-05"), end: try date("2026-12-08")),
        ]
    }

    @Test func eachDayComesFromTheStopItIsSpentAt() throws {
        let legs = try Self.legs()
        let stops = StopForecasts([
            (legs[0], try Self.forecast("2026-12-01", days: 10, high: 30)),
            (legs[1], try Self.forecast("2026-12-01", days: 10, high: 105)),
        ])
        let forecast = try #require(stops.forecast)
        let highs = forecast.days(from: legs[0].start, to: legs[1].end).map { "\($0.date.day):\($0.high ?? 0)" }
        // Dec 5, the day of the move, and its night are Phoenix's.
        #expect(highs == ["3:30", "4:30", "5:105", "6:105", "7:105", "8:105"])
        // The reach is kept: Denver's days before the trip, Phoenix's after it.
        #expect(forecast.days.first?.date.description == "2026-12-01")
        #expect(forecast.lastDate?.description == "2026-12-10")
        let fourth = try Self.date("2026-12-04")
        let fifth = try Self.date("2026-12-05")
        #expect(stops.stops[fourth] == "Denver" && stops.stops[fifth] == "Phoenix")
    }

    @Test func aStopWithoutAForecastLeavesItsDaysMissing() throws {
        let legs = try Self.legs()
        let stops = StopForecasts([(legs[0], nil), (legs[1], try Self.forecast("2026-12-01", days: 10, high: 105))])
        let forecast = try #require(stops.forecast)
        #expect(forecast.missingDays(from: legs[0].start, to: legs[1].end).map(\.description) == ["2026-12-03", "2026-12-04"])
        #expect(StopForecasts([(legs[0], nil), (legs[1], nil)]).forecast == nil)
    }

    struct Citation: Sendable, CustomTestStringConvertible {
        let reason: String
        let expected: String
        var testDescription: String { reason }
    }

    static let citations: [Citation] = [
        Citation(reason: "Low of 10°F Thu Dec 3", expected: "Low of 10°F Thu Dec 3 in Denver"),
        Citation(reason: "Snow (80%) Thu Dec 3; gusts Sat Dec 5", expected: "Snow (80%) Thu Dec 3 in Denver; gusts Sat Dec 5 in Phoenix"),
        Citation(reason: "Heat: 111°F Sat Dec 5; drink often", expected: "Heat: 111°F Sat Dec 5 in Phoenix; drink often"),
        Citation(reason: "Low of 10°F Thu Dec 3 in Denver", expected: "Low of 10°F Thu Dec 3 in Denver"),  // already cited
        Citation(reason: "Rain Thu Dec 31", expected: "Rain Thu Dec 31"),  // Dec 31 is not Dec 3
        Citation(reason: "Every trip", expected: "Every trip"),
    ]

    @Test(arguments: citations)
    func aReasonNamesTheStopOfItsDay(_ citation: Citation) throws {
        let stops = StopForecasts([(try Self.legs()[0], nil), (try Self.legs()[1], nil)])
        #expect(stops.cite(citation.reason) == citation.expected)
    }

    @Test func onlyWeatherReasonsAreCited() throws {
        let stops = StopForecasts([(try Self.legs()[0], nil), (try Self.legs()[1], nil)])
        let list = PackingList(items: [
            PackingItem(category: "Outerwear", name: "Warm coat", reason: "Low of 10°F Thu Dec 3", weather: true),
            PackingItem(category: "Health", name: "Medications", reason: "For Thu Dec 3", weather: false),
        ])
        let cited = stops.citingStops(list)
        #expect(cited.items.map(\.reason) == ["Low of 10°F Thu Dec 3 in Denver", "For Thu Dec 3"])
    }

    // MARK: - Issue 32, round four: a stop's own weather

    static func warning(onset: String, ends: String) -> WeatherAlert {
        let formatter = ISO8601DateFormatter()
        return WeatherAlert(
            event: "Winter Storm Warning", headline: "Winter Storm Warning until Friday", severity: "Severe",
            onset: formatter.date(from: onset), ends: formatter.date(from: ends),
            summary: "heavy snow"
        )
    }

    @Test func anAlertCountsForAStopOnlyOverThatStopsOwnDays() throws {
        let legs = try Self.legs()
        // Phoenix's forecast was read over the whole trip: a warning ending Dec 4, before the traveller arrives
        // Dec 5, must not be Phoenix's; one in force Dec 6 is.
        var phoenix = try Self.forecast("2026-12-01", days: 10, high: 40)
        phoenix.alerts = [
            Self.warning(onset: "2026-12-02T06:00:00Z", ends: "2026-12-04T18:00:00Z"),
            Self.warning(onset: "2026-12-06T06:00:00Z", ends: "2026-12-06T18:00:00Z"),
        ]
        let stops = StopForecasts([(legs[0], try Self.forecast("2026-12-01", days: 10, high: 30)), (legs[1], phoenix)])
        let alerts = try #require(stops.forecast).alerts
        #expect(alerts.count == 1)
        #expect(alerts.first?.stop?.name == "Phoenix")
        #expect(alerts.first?.onset == phoenix.alerts[1].onset)
        // The rules see none of the first: no traction, no car kit for it, no notice.
        let trip = Trip(
            id: 1, name: "t", destination: "Denver", place: nil, start: legs[0].start, end: legs[1].end, activities: [],
            createdAt: Date(timeIntervalSince1970: 0), legs: legs
        )
        var early = phoenix
        early.alerts = [phoenix.alerts[0]]
        let context = PackingContext(trip: trip, forecast: StopForecasts([(legs[0], nil), (legs[1], early)]).forecast)
        #expect(context.alerts.isEmpty)
        #expect(!PackingRules.alertGear(context).contains { $0.name.hasPrefix("Traction devices") })
        #expect(!PackingRules.notices(for: context).contains { $0.contains("Winter Storm Warning") })
    }

    @Test func aStopNamedWithDayLabelsDoesNotMakeReasonsGrow() throws {
        let first = try Self.date("2026-12-04")
        let labels = (0..<10).map { first.adding(days: $0).shortLabel }.joined(separator: " ")
        let legs = [
            TripLeg(position: 1, destination: labels, place: nil, start: first, end: first.adding(days: 5)),
            TripLeg(position: 2, destination: "Phoenix", place: nil, start: first.adding(days: 5), end: first.adding(days: 9)),
        ]
        let stops = StopForecasts([(legs[0], nil), (legs[1], nil)])
        let reason = "Snow " + labels
        let cited = stops.cite(reason)
        // Each of the 10 labels gets its stop once: the text grows by 10 citations, never by citing a citation.
        #expect(cited.count <= reason.count + 5 * (" in ".count + labels.count) + 5 * " in Phoenix".count, "\(cited.count)")
        #expect(cited.hasPrefix("Snow \(first.shortLabel) in \(labels) "), "\(cited.prefix(200))")
        // A reason already naming the stop is copied as it is.
        let alert = "Winter Storm Warning from \(first.shortLabel) in \(labels)"
        #expect(stops.cite(alert) == alert)
    }

    @Test func alertsThatCouldNotBeReadAreANoticeOfThePack() throws {
        let legs = try Self.legs()
        var denver = try Self.forecast("2026-12-01", days: 10, high: 30)
        denver.alertsUnavailable = "HTTP 500"
        let combined = try #require(StopForecasts([(legs[0], denver), (legs[1], try Self.forecast("2026-12-01", days: 10, high: 90))]).forecast)
        #expect(combined.alertsUnavailable == "for Denver: HTTP 500")
        let trip = Trip(
            id: 1, name: "t", destination: "Denver", place: nil, start: legs[0].start, end: legs[1].end, activities: [],
            createdAt: Date(timeIntervalSince1970: 0), legs: legs
        )
        let notices = PackingRules.notices(for: PackingContext(trip: trip, forecast: combined))
        #expect(notices.contains(PackingRules.alertsUnavailableNotice("for Denver: HTTP 500")), "\(notices)")
        #expect(PackingRules.alertsUnavailableNotice("HTTP 500").contains("NWS alerts could not be read (HTTP 500)"))
    }
}
