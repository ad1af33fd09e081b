import Foundation
import Model
@testable import Store
import Testing
import TestSupport

@Suite struct CalendarDateTests {
    @Test(arguments: ["2026-12-03", "2024-02-29", "2000-02-29", "1999-12-31"])
    func validDatesRoundTrip(_ text: String) throws {
        let date = try #require(CalendarDate(text))
        #expect(date.description == text)
        #expect(CalendarDate(dayNumber: date.dayNumber) == date)
    }

    @Test(arguments: ["2026-02-30", "2025-02-29", "1900-02-29", "2026-13-01", "2026-00-10", "26-12-03",
                      "2026-12-3", "2026/12/03", "", "tomorrow", "２０２６-12-03", "2026-12-03T00:00",
                      "2026--12-03", "-2026-12-03", "2026-12-03-", "2026-012-03", "2026-1-203", "20261-2-03", "2026-12-0a"])
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

    /// Issue 32: years 1 and 9999 were printed "Mon Jan 1" and "Fri Dec 31", read as this year's. A date
    /// from the year before to the year after keeps the short form; one farther off says its year.
    @Test func aDateFarFromNowSaysItsYear() throws {
        let first = try #require(CalendarDate("0001-01-01")), last = try #require(CalendarDate("9999-12-31"))
        #expect(first.shortLabel(thisYear: 2026) == "Mon Jan 1 1")
        #expect(last.shortLabel(thisYear: 2026) == "Fri Dec 31 9999")
        #expect(first.shortLabel.hasSuffix(" 1") && last.shortLabel.hasSuffix(" 9999"))
        let near = try #require(CalendarDate("2027-01-05"))
        #expect(near.shortLabel(thisYear: 2026) == "Tue Jan 5")
        #expect(near.shortLabel(thisYear: 2030) == "Tue Jan 5 2027")
        #expect(near.dayLabel == "Tue Jan 5")
    }

    /// The day arithmetic gives the date Foundation's Gregorian calendar gives, in zones east and west of
    /// Greenwich, around midnight, on DST changes and before 1970; and absurd instants do not trap.
    @Test(arguments: ["America/Denver", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Asia/Kolkata", "Europe/London", "UTC"])
    func localDateMatchesFoundationsCalendar(zone: String) throws {
        let timeZone = try #require(TimeZone(identifier: zone))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        // Seeded, so a failure names instants that the next run checks again (PLAN_FUZZ_SEED to choose others).
        let seed = ProcessInfo.processInfo.environment["PLAN_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_201
        var generator = SplitMix64(seed: seed)
        let fixed: [TimeInterval] = [0, -1, 86_399, 86_400, -86_401, 1_772_000_000, 1_793_000_000, 1_793_005_199, -2_000_000_000]
        let random = (0..<300).map { _ in TimeInterval(Int.random(in: -3_000_000_000...4_000_000_000, using: &generator)) }
        for instant in fixed + random {
            let date = Date(timeIntervalSince1970: instant)
            let parts = calendar.dateComponents([.year, .month, .day], from: date)
            let ours = CalendarDate(date, in: timeZone)
            #expect([ours.year, ours.month, ours.day] == [parts.year, parts.month, parts.day], "\(zone) at \(instant) (seed \(seed))")
        }
        for absurd in [Double.infinity, -Double.infinity, Double.nan, 1e300, -1e300] {
            _ = CalendarDate(Date(timeIntervalSince1970: absurd), in: timeZone)
            _ = CalendarDate(Date(timeIntervalSince1970: absurd))
        }
    }

    /// Without a zone, the local date follows `TZ` (as `localtime_r` reads it). In CI `TZ` is unset and the
    /// local zone is UTC, where "local" and "UTC" agree by accident; so the check runs again in a child
    /// process of this test binary under `TZ=Pacific/Kiritimati` (UTC+14: most instants fall on another day).
    @Test func theLocalDateFollowsTZ() throws {
        let environment = ProcessInfo.processInfo.environment
        if let zone = environment[Self.childZoneVariable] {
            let timeZone = try #require(TimeZone(identifier: zone))
            var differFromUTC = 0
            for instant in stride(from: 1_700_000_000.0, to: 1_900_000_000.0, by: 3_600_000.0) {
                let date = Date(timeIntervalSince1970: instant)
                #expect(CalendarDate(date) == CalendarDate(date, in: timeZone), "\(zone) at \(instant)")
                if CalendarDate(date) != CalendarDate(date, in: TimeZone(identifier: "UTC")) { differFromUTC += 1 }
            }
            #expect(differFromUTC > 10, "TZ=\(zone) did not move the local date off UTC's")
            return
        }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--testing-library", "swift-testing", "--filter", "CalendarDateTests/theLocalDateFollowsTZ"]
        child.environment = environment.merging(["TZ": "Pacific/Kiritimati", Self.childZoneVariable: "Pacific/Kiritimati"]) { _, new in new }
        let output = Pipe()
        child.standardOutput = output
        child.standardError = output
        try child.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        #expect(child.terminationStatus == 0, "the child under TZ=Pacific/Kiritimati failed: \(text.suffix(1_500))")
        #expect(text.contains("theLocalDateFollowsTZ() passed"), "the child ran no such test: \(text.suffix(800))")
    }

    /// Set in the child process `theLocalDateFollowsTZ` starts, to the zone its `TZ` names.
    static let childZoneVariable = "PLAN_TEST_CHILD_TZ"
}
