import FoundationEssentials
import Basics
import Model
import Store

extension WeatherAlert {
    /// "Winter Storm Warning, Wed 6 am to Fri 6 pm: heavy snow expected; travel could be very difficult."
    /// An alert of one stop of several names it: "Winter Storm Warning in Denver, Wed 6 am to …".
    public func notice(timeZone: String?) -> String {
        let zone = ZoneRules.named(stop?.timeZone ?? timeZone)
        var window = ""
        switch (onset, ends) {
        case let (onset?, ends?): window = ", \(Self.moment(onset, zone)) to \(Self.moment(ends, zone))"
        case let (onset?, nil): window = ", from \(Self.moment(onset, zone))"
        case let (nil, ends?): window = ", until \(Self.moment(ends, zone))"
        case (nil, nil): break
        }
        let what = summary.isEmpty ? "" : ": \(summary)"
        let place = stop.map { " in \($0.name)" } ?? ""
        return "\(event)\(place)\(window)\(what)."
    }

    /// "Wed 6 am", "Fri 6:30 pm" in the place's zone.
    static func moment(_ date: Date, _ zone: any UTCOffsetSource) -> String {
        // A date beyond ±30,000 years (a damaged pinned record) is clamped rather than trapping Int(_:).
        let instant = min(max(date.timeIntervalSince1970, -1e12), 1e12)
        let seconds = (Int(checkedRounding: instant.rounded(.down)) ?? 0) + zone.secondsFromGMT(for: date)
        let day = CalendarDate(dayNumber: seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400))
        let minuteOfDay = ((seconds % 86_400) + 86_400) % 86_400 / 60
        let hour = minuteOfDay / 60
        let minute = minuteOfDay % 60
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        let clock = minute == 0 ? "\(twelve)" : "\(twelve):" + (minute < 10 ? "0" : "") + String(minute)
        return "\(day.weekdayName.prefix(3)) \(clock) \(hour < 12 ? "am" : "pm")"
    }
}
