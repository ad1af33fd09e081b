import FoundationEssentials
import Model
import Store

/// Which service a trip's days are asked of, as of `today` at the place: NWS when any trip day falls
/// within its week (US places), Open-Meteo for the days it does not cover up to its 16 days, and the
/// climate for the rest. The decision alone, so it can be tested without a network.
struct DayPlan: Equatable, Sendable {
    let tripDays: [CalendarDate]
    let today: CalendarDate
    let isNWSCandidate: Bool

    init(from first: CalendarDate, to last: CalendarDate, today: CalendarDate, isNWSCandidate: Bool) {
        tripDays = (0...max(0, first.days(to: last))).map { first.adding(days: $0) }
        self.today = today
        self.isNWSCandidate = isNWSCandidate
    }

    /// The last day NWS and Open-Meteo forecast.
    var nwsLast: CalendarDate { today.adding(days: ForecastService.nwsDays - 1) }
    var openMeteoLast: CalendarDate { today.adding(days: ForecastService.openMeteoDays - 1) }

    /// Whether NWS is asked: a US place with a trip day from today to the end of NWS's week.
    var asksNWS: Bool {
        isNWSCandidate && tripDays.contains { $0 >= today && $0 <= nwsLast }
    }

    /// Whether the alerts in force are read: the trip is under way or starts within `alertDays`.
    var asksAlerts: Bool {
        guard let first = tripDays.first, let last = tripDays.last else { return false }
        return last >= today && first <= today.adding(days: ForecastService.alertDays)
    }

    /// The dates to ask Open-Meteo for: the trip days not `covered` (by NWS) within its 16 days; nil: none.
    func openMeteoRange(covered: [CalendarDate]) -> ClosedRange<CalendarDate>? {
        let wanted = tripDays.filter { !covered.contains($0) && $0 >= today && $0 <= openMeteoLast }
        guard let first = wanted.first, let last = wanted.last else { return nil }
        return first...last
    }

    /// The source each trip day would get if every service answered and NWS covers `nwsCovered` days.
    func sources(nwsCovered: Int = ForecastService.nwsDays) -> [DaySource] {
        let nwsEnd = today.adding(days: nwsCovered - 1)
        return tripDays.map { day in
            if asksNWS, day >= today, day <= nwsEnd { return .nws }
            if day >= today, day <= openMeteoLast { return .openMeteo }
            return .climate
        }
    }
}
