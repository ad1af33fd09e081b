import Foundation
import Model
import Store
import Testing
@testable import Tools

/// Issue 32, round four: the climate's days are matched to the trip's by date, never by position.
@Suite struct ClimateDayMatchTests {
    static func date(_ text: String) throws -> CalendarDate { try #require(CalendarDate(text)) }

    static func day(_ date: CalendarDate, high: Int, source: DaySource) -> ForecastDay {
        ForecastDay(date: date, high: high, low: high - 20, summary: "Usually dry", source: source)
    }

    @Test func climateDaysAreMatchedByDateWhenTheFirstHasNone() throws {
        let first = try Self.date("2027-01-10")
        let trip = (0..<4).map { first.adding(days: $0) }
        // The first trip day had too few archive readings: the archive's days are the 2nd, 3rd and 4th.
        let decoded = [Self.day(trip[1], high: 31, source: .climate), Self.day(trip[2], high: 32, source: .climate),
                       Self.day(trip[3], high: 33, source: .climate)]
        let kept = ClimateService.redated(decoded, to: trip)
        #expect(kept.map(\.date) == Array(trip.dropFirst()))
        #expect(kept.map(\.high) == [31, 32, 33])
        // The same window's record a year before is moved a year on, each day to its own date.
        let yearBefore = decoded.map { day -> ForecastDay in
            var day = day
            day.date = CalendarDate(year: 2026, month: 1, day: day.date.day) ?? day.date
            return day
        }
        let moved = ClimateService.redated(yearBefore, to: trip)
        #expect(moved.map(\.date) == Array(trip.dropFirst()))
        #expect(moved.map(\.high) == [31, 32, 33])
    }
}
