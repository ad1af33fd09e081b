import FoundationEssentials
import Model
import Store

/// Which archive days stand for a trip's days: each trip day's calendar date, and the `pool` days either
/// side of it, in each of `yearCount` recent years whose dates the archive already holds (it runs about
/// five days behind today). One request covers them all: the archive's days from the earliest to the
/// latest, one long range, filtered afterwards.
struct ClimateWindow: Equatable, Sendable {
    /// The trip's days, consecutive.
    let days: [CalendarDate]
    /// Years back of the most recent and the oldest sample (1 and 10: the last ten years; 0 or fewer for
    /// a trip already in the archive's years).
    let newestYearsBack: Int
    let oldestYearsBack: Int
    /// Days either side of each date pooled with it (7 days a year, 70 in ten years).
    let pool: Int

    /// Years sampled.
    static let yearCount = 10
    /// Days either side.
    static let poolDays = 3
    /// The archive's lag behind today, with a margin.
    static let archiveLagDays = 7

    /// The window for `first...last` as of `today`: the latest `yearCount` years the archive can answer.
    init(from first: CalendarDate, to last: CalendarDate, today: CalendarDate) {
        let count = max(0, first.days(to: last)) + 1
        days = (0..<count).map { first.adding(days: $0) }
        pool = Self.poolDays
        // The newest year whose copy of the last day (and its neighbours) the archive already holds,
        // whatever the trip's own year (a trip in 9999 still gets the last ten years).
        let latest = today.adding(days: -Self.archiveLagDays)
        var year = latest.year
        if Self.shift(last, yearsBack: last.year - year).adding(days: Self.poolDays) > latest { year -= 1 }
        let back = last.year - year
        newestYearsBack = back
        oldestYearsBack = back + Self.yearCount - 1
    }

    /// The archive's range to ask for.
    var requestStart: CalendarDate {
        Self.shift(days.first ?? CalendarDate(dayNumber: 0), yearsBack: oldestYearsBack).adding(days: -pool)
    }

    var requestEnd: CalendarDate {
        Self.shift(days.last ?? CalendarDate(dayNumber: 0), yearsBack: newestYearsBack).adding(days: pool)
    }

    /// The archive dates that stand for `day`.
    func samples(for day: CalendarDate) -> [CalendarDate] {
        (newestYearsBack...oldestYearsBack).flatMap { back -> [CalendarDate] in
            let centre = Self.shift(day, yearsBack: back)
            return (-pool...pool).map { centre.adding(days: $0) }
        }
    }

    /// The first and last calendar year sampled for `day`.
    func years(for day: CalendarDate) -> (first: Int, last: Int) {
        (Self.shift(day, yearsBack: oldestYearsBack).year, Self.shift(day, yearsBack: newestYearsBack).year)
    }

    /// The same month and day `yearsBack` years earlier (29 February becomes the 28th).
    static func shift(_ date: CalendarDate, yearsBack: Int) -> CalendarDate {
        let year = min(max(1, date.year - yearsBack), 9_999)
        return CalendarDate(year: year, month: date.month, day: date.day)
            ?? CalendarDate(year: year, month: date.month, day: 28)
            ?? date
    }
}
