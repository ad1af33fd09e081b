import FoundationEssentials

/// HTTP's date format (RFC 9110 §5.6.7), read in one place (Tools' cache: `Expires`, `Date`, `Last-Modified`;
/// a model server's `Retry-After`). In LanguageModels because the model backend reads it and imports no plan
/// module; Tools imports it from here.
///
/// Parsed by hand, strictly, without DateFormatter or any ICU-backed API: the preferred IMF-fixdate
/// ("Sun, 06 Nov 1994 08:49:37 GMT") and the two obsolete forms a recipient must accept, RFC 850
/// ("Sunday, 06-Nov-94 08:49:37 GMT") and asctime ("Sun Nov  6 08:49:37 1994"). Day, month and "GMT" names
/// are matched without regard to case; anything else — another zone ("UTC"), a missing comma, doubled
/// spaces, a one-digit hour, a two-digit year in the IMF form, dashes or periods where they do not belong,
/// two dates joined by a comma — is no date at all (nil).
public enum HTTPDate {
    /// The instant `text` names, or nil when it is not an HTTP-date.
    public static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard let parts = imfFixdate(bytes) ?? rfc850(bytes) ?? asctime(bytes) else { return nil }
        return date(parts)
    }

    /// A date's fields as written (the year already four digits).
    struct Parts: Equatable {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
    }

    static let dayNames = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    static let longDayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    static let monthNames = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// "Sun, 06 Nov 1994 08:49:37 GMT": exactly 29 bytes.
    static func imfFixdate(_ b: [UInt8]) -> Parts? {
        guard b.count == 29, oneOf(b[0..<3], dayNames) != nil, b[3] == UInt8(ascii: ","), b[4] == space,
              b[7] == space, b[11] == space, b[16] == space, b[25] == space, isGMT(b[26..<29]),
              let day = digits(b[5..<7]), let month = oneOf(b[8..<11], monthNames), let year = digits(b[12..<16]),
              let time = timeOfDay(b[17..<25])
        else { return nil }
        return Parts(year: year, month: month + 1, day: day, hour: time.0, minute: time.1, second: time.2)
    }

    /// "Sunday, 06-Nov-94 08:49:37 GMT": a full day name, then 24 fixed bytes; a two-digit year more than
    /// 50 years ahead of now is read as the latest past year with those digits (RFC 9110 §5.6.7).
    static func rfc850(_ b: [UInt8]) -> Parts? {
        guard let comma = b.firstIndex(of: UInt8(ascii: ",")), b.count == comma + 24,
              oneOf(b[0..<comma], longDayNames) != nil, b[comma + 1] == space,
              b[comma + 4] == UInt8(ascii: "-"), b[comma + 8] == UInt8(ascii: "-"), b[comma + 11] == space,
              b[comma + 20] == space, isGMT(b[(comma + 21)...]),
              let day = digits(b[(comma + 2)..<(comma + 4)]), let month = oneOf(b[(comma + 5)..<(comma + 8)], monthNames),
              let shortYear = digits(b[(comma + 9)..<(comma + 11)]), let time = timeOfDay(b[(comma + 12)..<(comma + 20)])
        else { return nil }
        let thisYear = currentYear()
        var year = thisYear - thisYear % 100 + shortYear
        if year > thisYear + 50 { year -= 100 }
        return Parts(year: year, month: month + 1, day: day, hour: time.0, minute: time.1, second: time.2)
    }

    /// "Sun Nov  6 08:49:37 1994": the day padded with a space, exactly 24 bytes.
    static func asctime(_ b: [UInt8]) -> Parts? {
        guard b.count == 24, oneOf(b[0..<3], dayNames) != nil, b[3] == space, b[7] == space, b[10] == space,
              b[19] == space, let month = oneOf(b[4..<7], monthNames), let time = timeOfDay(b[11..<19]),
              let year = digits(b[20..<24])
        else { return nil }
        let day: Int?
        if b[8] == space { day = digits(b[9..<10]) } else { day = digits(b[8..<10]) }
        guard let day else { return nil }
        return Parts(year: year, month: month + 1, day: day, hour: time.0, minute: time.1, second: time.2)
    }

    static let space = UInt8(ascii: " ")

    /// The digits of `slice` as a number, or nil if any byte is not a digit.
    static func digits(_ slice: ArraySlice<UInt8>) -> Int? {
        guard !slice.isEmpty else { return nil }
        var value = 0
        for byte in slice {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))  // widening a digit's byte
        }
        return value
    }

    /// "08:49:37" as hour, minute, second (two digits each, in range; a leap second 60 allowed).
    static func timeOfDay(_ slice: ArraySlice<UInt8>) -> (Int, Int, Int)? {
        let b = Array(slice)
        guard b.count == 8, b[2] == UInt8(ascii: ":"), b[5] == UInt8(ascii: ":"),
              let hour = digits(b[0..<2]), let minute = digits(b[3..<5]), let second = digits(b[6..<8]),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        return (hour, minute, second)
    }

    /// The index of `slice` (any case) in `names`.
    static func oneOf(_ slice: ArraySlice<UInt8>, _ names: [String]) -> Int? {
        let lowered = String(decoding: slice.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
        return names.firstIndex(of: lowered)
    }

    static func isGMT(_ slice: ArraySlice<UInt8>) -> Bool {
        slice.count == 3 && oneOf(slice, ["gmt"]) == 0
    }

    /// The instant of `parts` in UTC, or nil for a day the month does not have.
    static func date(_ parts: Parts) -> Date? {
        let leap = parts.year % 4 == 0 && (parts.year % 100 != 0 || parts.year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(parts.month), parts.day >= 1, parts.day <= lengths[parts.month - 1] else { return nil }
        let days = daysFromCivil(year: parts.year, month: parts.month, day: parts.day)
        let seconds = days * 86_400 + parts.hour * 3_600 + parts.minute * 60 + parts.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// This year in UTC, from the clock (for RFC 850's two-digit years).
    static func currentYear() -> Int {
        let days = Int(exactly: (Date().timeIntervalSince1970 / 86_400).rounded(.down)) ?? 0
        var year = 1970 + days / 366
        while daysFromCivil(year: year + 1, month: 1, day: 1) <= days { year += 1 }
        return year
    }
}
