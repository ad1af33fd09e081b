import FoundationEssentials
import Model
import Store

/// RFC 3339 timestamps as NWS writes them (`2026-12-02T06:00:00-07:00`, `2026-12-02T13:00:00Z`, with or without
/// fractional seconds), read by hand: `ISO8601DateFormatter` builds ICU's date and number parsers the first time
/// in a process, about 11M instructions, which every cached `plan show` with an NWS alert paid (issue 22).
enum InternetTimestamp {
    /// The instant `text` names, or nil when it is not exactly `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with
    /// every field in range (the year 1 to 9999, a real day of its month, 00:00:00 to 23:59:59, an offset
    /// up to ±23:59).
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 40 else { return nil }
        func number(_ start: Int, _ length: Int) -> Int? {
            var value = 0
            for index in start..<(start + length) {
                let byte = bytes[index]
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)  // widening
            }
            return value
        }
        guard bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54, bytes[13] == 0x3A, bytes[16] == 0x3A,
              let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let date = CalendarDate(year: year, month: month, day: day),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if bytes[index] == 0x2E {
            index += 1
            var scale = 0.1
            let start = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                fraction += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
            guard index > start, index < bytes.count else { return nil }
        }
        var offset = 0
        switch bytes[index] {
        case 0x5A:
            guard index + 1 == bytes.count else { return nil }
        case 0x2B, 0x2D:
            guard index + 6 == bytes.count, bytes[index + 3] == 0x3A,
                  let hours = number(index + 1, 2), let minutes = number(index + 4, 2), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3_600 + minutes * 60) * (bytes[index] == 0x2D ? -1 : 1)
        default:
            return nil
        }
        let seconds = date.dayNumber * 86_400 + hour * 3_600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }
}
