import Testing
@testable import Store

@Suite struct CalendarDateTests {
    @Test(arguments: ["2026-12-03", "2024-02-29", "2000-02-29", "1999-12-31"])
    func validDatesRoundTrip(_ text: String) throws {
        let date = try #require(CalendarDate(text))
        #expect(date.description == text)
        #expect(CalendarDate(dayNumber: date.dayNumber) == date)
    }

    @Test(arguments: ["2026-02-30", "2025-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "26-12-03",
                      "2026-12-3", "2026/12/03", "", "tomorrow", "２０２６-12-03", "2026-12-03T00:00"])
    func invalidDatesAreRejected(_ text: String) {
        #expect(CalendarDate(text) == nil)
    }

    @Test func arithmeticAndWeekdays() throws {
        let start = try #require(CalendarDate("2026-12-03"))
        #expect(start.weekdayName == "Thursday")
        #expect(start.adding(days: 29).description == "2027-01-01")
        #expect(start.days(to: try #require(CalendarDate("2026-12-06"))) == 3)
        #expect(CalendarDate(dayNumber: 0).description == "1970-01-01")
        #expect(start.shortLabel == "Thu Dec 3")
    }
}
