import Foundation
import Model
import Store
import Testing
@testable import Tools

/// Which service each trip day is asked of: inside, across and past NWS's week and Open-Meteo's 16 days,
/// for US places and elsewhere.
@Suite struct DayPlanTests {
    static let today = CalendarDate(year: 2026, month: 12, day: 1) ?? CalendarDate(dayNumber: 0)

    /// "nws×5 open-meteo×6": runs of sources, in order.
    static func runs(_ sources: [DaySource]) -> String {
        var runs: [(DaySource, Int)] = []
        for source in sources {
            if let last = runs.last, last.0 == source { runs[runs.count - 1].1 += 1 } else { runs.append((source, 1)) }
        }
        return runs.map { "\($0.0.rawValue)×\($0.1)" }.joined(separator: " ")
    }

    @Test(arguments: [
        (0, 4, true, "nws×5", true),
        (2, 12, true, "nws×5 open-meteo×6", true),
        (6, 9, true, "nws×1 open-meteo×3", true),
        (10, 14, true, "open-meteo×5", false),
        (12, 20, true, "open-meteo×4 climate×5", false),
        (30, 35, true, "climate×6", false),
        (0, 4, false, "open-meteo×5", false),
        (14, 18, false, "open-meteo×2 climate×3", false),
        (16, 20, false, "climate×5", false),
        (30, 35, false, "climate×6", false),
    ])
    func eachDayGetsItsSource(_ first: Int, _ last: Int, _ isUS: Bool, _ expected: String, _ asksNWS: Bool) {
        let plan = DayPlan(
            from: Self.today.adding(days: first), to: Self.today.adding(days: last), today: Self.today, isNWSCandidate: isUS
        )
        #expect(Self.runs(plan.sources()) == expected)
        #expect(plan.asksNWS == asksNWS)
    }

    @Test func openMeteoIsAskedOnlyForTheDaysNWSLeavesWithinItsSixteen() throws {
        let plan = DayPlan(from: Self.today.adding(days: 2), to: Self.today.adding(days: 20), today: Self.today, isNWSCandidate: true)
        let nws = (0..<7).map { Self.today.adding(days: $0) }
        let range = try #require(plan.openMeteoRange(covered: nws))
        #expect(range.lowerBound == Self.today.adding(days: 7))
        #expect(range.upperBound == Self.today.adding(days: 15))
        let past = DayPlan(from: Self.today.adding(days: 16), to: Self.today.adding(days: 20), today: Self.today, isNWSCandidate: false)
        #expect(past.openMeteoRange(covered: []) == nil)
    }

    @Test(arguments: [(0, 3, true), (7, 9, true), (8, 12, false), (-5, -1, false), (-2, 1, true)])
    func alertsAreReadForTripsUnderWayOrWithinAWeek(_ first: Int, _ last: Int, _ expected: Bool) {
        let plan = DayPlan(from: Self.today.adding(days: first), to: Self.today.adding(days: last), today: Self.today, isNWSCandidate: true)
        #expect(plan.asksAlerts == expected)
    }

    @Test func theForecastReachesAClimateDayFifteenDaysBefore() {
        let day = Self.today.adding(days: 30)
        #expect(ForecastReach.reachDate(of: day) == Self.today.adding(days: 15))
        // A day 16 days out is reached tomorrow: Open-Meteo's 16 days count today.
        #expect(ForecastReach.reachDate(of: Self.today.adding(days: 16)) == Self.today.adding(days: 1))
    }
}
