import Foundation

/// HTTP's date format, read in one place (Tools' cache: `Expires` and `Date`; a model server's `Retry-After`).
/// In LanguageModels because the model backend reads it and imports no plan module; Tools imports it from here.
public enum HTTPDate {
    /// Parses an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT"); nil for anything else.
    public static func parse(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
