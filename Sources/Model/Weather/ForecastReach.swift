import FoundationEssentials
import Basics

/// The one notice about a trip's climate days: which days are the usual climate rather than a forecast,
/// and the one date the forecast will reach the first of them. `pack` and `show` both print this.
public enum ForecastReach {
    /// The days Open-Meteo's forecast covers, today included (Tools' `ForecastService` asks for these).
    public static let openMeteoDays = 16

    /// The date Open-Meteo's forecast (16 days, today included) first covers `day`.
    public static func reachDate(of day: CalendarDate) -> CalendarDate {
        day.adding(days: -(openMeteoDays - 1))
    }

    /// The notice for `forecast`'s climate days within `first...last`; nil when there are none.
    public static func notice(for forecast: Forecast, from first: CalendarDate, to last: CalendarDate) -> String? {
        let climate = forecast.days(from: first, to: last).filter(\.isClimate)
        let issued = CalendarDate(forecast.fetchedAt, in: ZoneRules(identifier: forecast.timeZone))
        return notice(climateDays: climate, issued: issued)
    }

    /// "Sat Jan 3 to Wed Jan 7 are the usual weather of those dates (2016–2025), not a forecast; the forecast
    /// reaches Sat Jan 3 on Fri Dec 19: run pack again then."
    public static func notice(climateDays: [ForecastDay], issued: CalendarDate) -> String? {
        let dates = climateDays.map(\.date).sorted()
        guard let firstDay = dates.first, let lastDay = dates.last else { return nil }
        let names: String
        if dates.count == 1 {
            names = "\(firstDay.shortLabel) is"
        } else if firstDay.days(to: lastDay) + 1 == dates.count, dates.count > 2 {
            names = "\(firstDay.shortLabel) to \(lastDay.shortLabel) are"
        } else {
            names = dates.map(\.shortLabel).joined(separator: ", ") + " are"
        }
        let years = climateDays.compactMap(\.climate).first.map { " (\($0.firstYear)–\($0.lastYear))" } ?? ""
        let when: String
        if let ahead = dates.first(where: { $0 >= issued }) {
            let reach = reachDate(of: ahead)
            when = reach > issued
                ? "the forecast reaches \(ahead.shortLabel) on \(reach.shortLabel): run pack again then."
                : "no forecast could be had for \(dates.count == 1 ? "it" : "them"): run pack again when the forecast service answers."
        } else {
            // Every such day is already past where the trip is (it can be tomorrow there): no forecast will come.
            when = "\(dates.count == 1 ? "it has" : "they have") already passed there (it is \(issued.shortLabel) in the trip's time zone)."
        }
        return "\(names) the usual weather of \(dates.count == 1 ? "that date" : "those dates")\(years), not a forecast; \(when)"
    }

    /// The notice for trip days with neither a forecast nor the climate: when the forecast reaches the
    /// first of them (the same date as `notice`), or that none could be had.
    public static func missingNotice(_ missing: [CalendarDate], issued: CalendarDate?) -> String {
        let dates = missing.sorted()
        guard let first = dates.first, let last = dates.last else { return "" }
        let names = dates.count > 3
            ? "\(first.shortLabel) to \(last.shortLabel)"
            : dates.map(\.shortLabel).joined(separator: ", ")
        let reach = reachDate(of: first)
        if issued.map({ reach > $0 }) ?? true {
            return "No forecast or climate for \(names) yet; the forecast reaches \(first.shortLabel) on \(reach.shortLabel): run pack again then."
        }
        return "No forecast or climate could be had for \(names); run pack again when the weather services answer."
    }
}
