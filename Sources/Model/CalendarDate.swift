import FoundationEssentials
import Basics
import Glibc

/// A day on the calendar (no time, no zone), as trips and forecasts use them: `2026-12-03`.
public struct CalendarDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// A valid Gregorian date, or nil (`2026-02-30` is nil).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
              day <= CalendarDate.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    /// Byte work: splitting and `Character.isNumber` cost about 25K instructions a date, and `list` and `show`
    /// read several from every row.
    public init?(_ text: String) {
        var fields = [0, 0, 0]
        var field = 0
        var digits = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-") {
                guard digits == (field == 0 ? 4 : 2), field < 2 else { return nil }
                field += 1
                digits = 0
            } else {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 4 else { return nil }
                fields[field] = fields[field] * 10 + Int(byte - UInt8(ascii: "0"))  // widening
                digits += 1
            }
        }
        guard field == 2, digits == 2 else { return nil }
        self.init(year: fields[0], month: fields[1], day: fields[2])
    }

    /// The local calendar date of `date` in `timeZone`.
    /// The zone's offset at that instant, then day arithmetic: a Gregorian `Calendar` cost about 0.8M
    /// instructions the first time in a process (docs/benchmarks.md, start-up). Instants beyond ±1e12
    /// seconds (30,000 years) or not finite are clamped, so no conversion can trap.
    /// Without a zone, the process's local zone as the C library reads it (TZ, else /etc/localtime), the
    /// same source as `TimeZone.current`, which costs about 1M instructions to build the first time.
    public init(_ date: Date, in timeZone: (any UTCOffsetSource)? = nil) {
        let limit = 1e12
        let instant = date.timeIntervalSince1970
        let bounded = instant.isNaN ? 0 : min(max(instant, -limit), limit)
        let whole = Int(checked: bounded.rounded(.down)) ?? 0
        let offset: Int
        if let timeZone {
            offset = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: bounded))
        } else {
            var time = time_t(whole)  // widening: time_t is Int
            var parts = tm()
            offset = localtime_r(&time, &parts) == nil ? 0 : parts.tm_gmtoff
        }
        let seconds = whole + offset
        let days = seconds >= 0 ? seconds / 86_400 : -((-seconds + 86_399) / 86_400)
        self.init(dayNumber: days)
    }

    public var description: String {
        // By hand: String(format:) costs about a million instructions the first time in a process.
        func padded(_ value: Int, to width: Int) -> String {
            let digits = String(value)
            return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
        }
        return padded(year, to: 4) + "-" + padded(month, to: 2) + "-" + padded(day, to: 2)
    }

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `dayNumber` days after 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// This date moved by `days`.
    public func adding(days: Int) -> CalendarDate {
        CalendarDate(dayNumber: dayNumber + days)
    }

    /// Whole days from this date to `other` (positive when `other` is later).
    public func days(to other: CalendarDate) -> Int {
        other.dayNumber - dayNumber
    }

    /// The English weekday name ("Monday").
    public var weekdayName: String {
        let names = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
        let index = ((dayNumber % 7) + 7) % 7
        return names[index]
    }

    /// A short label for people: "Thu Dec 3" near now, "Mon Jan 1 1" or "Fri Dec 31 9999" far from it
    /// (`shortLabel(thisYear:)` with the current year).
    public var shortLabel: String {
        shortLabel(thisYear: CalendarDate.currentYear)
    }

    /// "Thu Dec 3" when the date lies from the year before `thisYear` to the year after; with its year
    /// ("Mon Jan 1 1") otherwise, so a date far from now is never read as one of this year's.
    public func shortLabel(thisYear: Int) -> String {
        isFar(fromYear: thisYear) ? "\(dayLabel) \(year)" : dayLabel
    }

    /// Whether the date lies beyond the year before or after `thisYear` (then a label says its year).
    public func isFar(fromYear thisYear: Int = CalendarDate.currentYear) -> Bool {
        abs(year - thisYear) > 1
    }

    /// The weekday, month and day, never the year: "Thu Dec 3" (for a label that adds its year itself).
    public var dayLabel: String {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(weekdayName.prefix(3)) \(months[month - 1]) \(day)"
    }

    /// The year it is now on this machine's clock (local time), read once a process.
    public static let currentYear: Int = CalendarDate(Date()).year

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = CalendarDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }
}
