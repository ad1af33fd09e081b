import Testing
@testable import Basics

/// Direct tests of the POSIX TZ string parser used for TZif footers.
struct PosixZoneRuleTests {
    /// Seconds since 1970 for a UTC date-time.
    static func utc(_ year: Int64, _ month: Int, _ day: Int, _ hour: Int64 = 0, _ minute: Int64 = 0,
                    _ second: Int64 = 0) -> Int64 {
        PosixZoneRule.CivilCalendar.days(year: year, month: month, day: day) * 86_400
            + hour * 3600 + minute * 60 + second
    }

    static func check(_ rule: String, _ cases: [(Int64, Int32, String)],
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let parsed = try #require(PosixZoneRule(rule), sourceLocation: sourceLocation)
        for (time, offset, abbreviation) in cases {
            let type = parsed.localType(at: time)
            #expect(type.utoff == offset, "\(rule) at \(time)", sourceLocation: sourceLocation)
            #expect(type.abbreviation == abbreviation, "\(rule) at \(time)", sourceLocation: sourceLocation)
        }
    }

    @Test func calendarArithmetic() {
        #expect(PosixZoneRule.CivilCalendar.days(year: 1970, month: 1, day: 1) == 0)
        #expect(PosixZoneRule.CivilCalendar.days(year: 2000, month: 3, day: 1) == 11_017)
        #expect(PosixZoneRule.CivilCalendar.days(year: 1969, month: 12, day: 31) == -1)
        #expect(PosixZoneRule.CivilCalendar.year(ofDay: -1) == 1969)
        #expect(PosixZoneRule.CivilCalendar.year(ofDay: 11_016) == 2000)
        #expect(PosixZoneRule.CivilCalendar.year(ofDay: 20_819) == 2027)  // 2027-01-01 is day 20819
        #expect(PosixZoneRule.CivilCalendar.year(ofDay: 20_818) == 2026)
    }

    @Test func northernHemisphereUS() throws {
        // 2026: DST from Sun 8 March 09:00 UTC to Sun 1 November 08:00 UTC.
        try Self.check("MST7MDT,M3.2.0,M11.1.0", [
            (Self.utc(2026, 1, 15), -25_200, "MST"),
            (Self.utc(2026, 3, 8, 8, 59, 59), -25_200, "MST"),
            (Self.utc(2026, 3, 8, 9), -21_600, "MDT"),
            (Self.utc(2026, 10, 31, 12), -21_600, "MDT"),
            (Self.utc(2026, 11, 1, 7, 59, 59), -21_600, "MDT"),
            (Self.utc(2026, 11, 1, 8), -25_200, "MST"),
            (Self.utc(2080, 3, 10, 9), -21_600, "MDT"),  // 2080: second Sunday of March is the 10th.
            (Self.utc(2080, 3, 10, 8, 59, 59), -25_200, "MST"),
        ])
    }

    @Test func fixedOffsetQuotedName() throws {
        try Self.check("<+0530>-5:30", [
            (Self.utc(1971, 1, 1), 19_800, "+0530"), (Self.utc(2099, 7, 1), 19_800, "+0530"),
        ])
        try Self.check("<+1245>-12:45<+1345>,M9.5.0/2:45,M4.1.0/3:45", [
            (Self.utc(2026, 1, 1), 49_500, "+1345"), (Self.utc(2026, 6, 1), 45_900, "+1245"),
        ])
    }

    @Test func southernHemisphereSydney() throws {
        // 2026: DST ends Sun 5 April 03:00 AEDT (4 April 16:00 UTC), starts Sun 4 October 02:00 AEST.
        try Self.check("AEST-10AEDT,M10.1.0,M4.1.0/3", [
            (Self.utc(2026, 1, 1), 39_600, "AEDT"),
            (Self.utc(2026, 4, 4, 15, 59, 59), 39_600, "AEDT"),
            (Self.utc(2026, 4, 4, 16), 36_000, "AEST"),
            (Self.utc(2026, 7, 1), 36_000, "AEST"),
            (Self.utc(2026, 10, 3, 15, 59, 59), 36_000, "AEST"),
            (Self.utc(2026, 10, 3, 16), 39_600, "AEDT"),
            (Self.utc(2026, 12, 31, 23), 39_600, "AEDT"),
        ])
    }

    @Test func negativeDSTDublin() throws {
        // Winter "DST" is GMT (offset 0); summer standard time is IST (+1). Both changes at 01:00 UTC.
        try Self.check("IST-1GMT0,M10.5.0,M3.5.0/1", [
            (Self.utc(2026, 1, 15), 0, "GMT"),
            (Self.utc(2026, 3, 29, 0, 59, 59), 0, "GMT"),
            (Self.utc(2026, 3, 29, 1), 3600, "IST"),
            (Self.utc(2026, 7, 1), 3600, "IST"),
            (Self.utc(2026, 10, 25, 0, 59, 59), 3600, "IST"),
            (Self.utc(2026, 10, 25, 1), 0, "GMT"),
        ])
        let rule = try #require(PosixZoneRule("IST-1GMT0,M10.5.0,M3.5.0/1"))
        #expect(rule.localType(at: Self.utc(2026, 1, 15)).isDST)
        #expect(rule.localType(at: Self.utc(2026, 7, 1)).isDST == false)
    }

    @Test func nuukNegativeAndLateTimes() throws {
        // Start: last Sunday of March at -2:00 local (-03), i.e. Sat 22:00 = Sun 01:00 UTC.
        // End: last Sunday of October at -1:00 local (-02), i.e. Sat 23:00 = Sun 01:00 UTC.
        try Self.check("<-03>3<-02>,M3.5.0/-2,M10.5.0/-1", [
            (Self.utc(2026, 3, 29, 0, 59, 59), -10_800, "-03"),
            (Self.utc(2026, 3, 29, 1), -7200, "-02"),
            (Self.utc(2026, 10, 25, 0, 59, 59), -7200, "-02"),
            (Self.utc(2026, 10, 25, 1), -10_800, "-03"),
        ])
        // Times past 24h: permanent DST written as "0/0,J365/25" stays in DST across New Year.
        try Self.check("EST5EDT,0/0,J365/25", [
            (Self.utc(2026, 1, 1), -14_400, "EDT"), (Self.utc(2026, 7, 1), -14_400, "EDT"),
            (Self.utc(2026, 12, 31, 23, 59, 59), -14_400, "EDT"), (Self.utc(2027, 1, 1, 4), -14_400, "EDT"),
            (Self.utc(2027, 1, 1, 5), -14_400, "EDT"),
        ])
    }

    @Test func julianAndZeroBasedDays() throws {
        // J60 is 1 March in every year; zero-based 59 is 29 February in leap years, 1 March otherwise.
        try Self.check("EST5EDT,J60,J300", [
            (Self.utc(2024, 3, 1, 6, 59, 59), -18_000, "EST"), (Self.utc(2024, 3, 1, 7), -14_400, "EDT"),
            (Self.utc(2023, 3, 1, 7), -14_400, "EDT"),
            // J300 is 27 October (day 300 of a 365-day year); ends 02:00 EDT = 06:00 UTC.
            (Self.utc(2024, 10, 27, 5, 59, 59), -14_400, "EDT"), (Self.utc(2024, 10, 27, 6), -18_000, "EST"),
        ])
        try Self.check("EST5EDT,59,299", [
            (Self.utc(2024, 2, 29, 6, 59, 59), -18_000, "EST"), (Self.utc(2024, 2, 29, 7), -14_400, "EDT"),
            (Self.utc(2023, 2, 28, 12), -18_000, "EST"), (Self.utc(2023, 3, 1, 7), -14_400, "EDT"),
        ])
    }

    @Test func defaultDSTOffsetAndExplicitSigns() throws {
        try Self.check("CET-1CEST,M3.5.0,M10.5.0/3", [
            (Self.utc(2026, 7, 1), 7200, "CEST"), (Self.utc(2026, 1, 1), 3600, "CET"),
        ])
        try Self.check("<+14>-14", [(Self.utc(2050, 1, 1), 50_400, "+14")])
        try Self.check("UTC0", [(Self.utc(1900, 1, 1), 0, "UTC")])
        try Self.check("EST+5EDT+4:00:00,M3.2.0/2:00:00,M11.1.0/2:00:00", [
            (Self.utc(2026, 7, 1), -14_400, "EDT"),
        ])
    }

    @Test(arguments: [
        "", "EST", "ES5", "5", "EST5EDT,M13.1.0,M11.1.0", "EST5EDT,M3.2.0", "EST5EDT",
        "EST25", "EST5EDT,M3.6.0,M11.1.0", "EST5EDT,M3.2.7,M11.1.0", "EST5EDT,J0,J365",
        "EST5EDT,366,1", "EST5EDT,M3.2.0/168,M11.1.0", "<+05", "<+0>5", "EST5:60", "EST5EDT,M3.2.0,M11.1.0,",
        "EST5EDT,M3.2.0,M11.1.0 trailing", "EST99999999999999999999", "\u{00E9}\u{00E9}\u{00E9}5",
    ])
    func rejectsMalformed(_ text: String) {
        #expect(PosixZoneRule(text) == nil)
    }

    @Test func extremeInstantsDoNotTrap() throws {
        let rule = try #require(PosixZoneRule("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        for time in [-ZoneRules.instantLimit, ZoneRules.instantLimit, 0, -1] {
            #expect(abs(rule.localType(at: time).utoff) <= LocalTimeType.maxOffset)
        }
    }
}
