import FoundationEssentials
import Glibc
import Model

/// Instants written for people and for JSON, by hand with the C library's calendar functions.
///
/// `DateFormatter` and `ISO8601DateFormatter` go through ICU: about 16M instructions for a page of
/// `history search` results and ~1M for the first use in any process (docs/benchmarks.md).
public enum Timestamp {
    /// "2026-12-01 14:05" in the local zone (TZ, else /etc/localtime), as the human tables print it.
    public static func local(_ date: Date) -> String {
        guard let parts = parts(date, local: true) else { return "?" }
        return "\(digits(parts.year, 4))-\(digits(parts.month, 2))-\(digits(parts.day, 2)) "
            + "\(digits(parts.hour, 2)):\(digits(parts.minute, 2))"
    }

    /// "2026-12-01T14:05:09Z": ISO 8601 in UTC, whole seconds, as `--json` prints instants.
    public static func iso8601(_ date: Date) -> String {
        guard let parts = parts(date, local: false) else { return "1970-01-01T00:00:00Z" }
        return "\(digits(parts.year, 4))-\(digits(parts.month, 2))-\(digits(parts.day, 2))T"
            + "\(digits(parts.hour, 2)):\(digits(parts.minute, 2)):\(digits(parts.second, 2))Z"
    }

    private struct Parts {
        let year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    }

    /// The calendar fields of `date`; nil for an instant the C library cannot place (not finite, or beyond
    /// ±1e12 seconds, about 30,000 years: a damaged database, never a trap).
    private static func parts(_ date: Date, local: Bool) -> Parts? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e12 else { return nil }
        guard let whole = Int(checked: seconds.rounded(.down)) else { return nil }
        var time = time_t(whole)  // widening: time_t is Int
        var fields = tm()
        let filled = local ? localtime_r(&time, &fields) : gmtime_r(&time, &fields)
        guard filled != nil else { return nil }
        return Parts(
            // widening: the C library's Int32 fields to Int
            year: Int(fields.tm_year) + 1900, month: Int(fields.tm_mon) + 1, day: Int(fields.tm_mday),  // widening
            hour: Int(fields.tm_hour), minute: Int(fields.tm_min), second: Int(fields.tm_sec)  // widening
        )
    }

    private static func digits(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }
}
