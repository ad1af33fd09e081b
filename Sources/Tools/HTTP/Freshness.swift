import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// RFC 9111 freshness for a private cache: `max-age` (ignoring `s-maxage`), else `Expires − Date`, else 0.
enum Freshness {
    static func lifetime(of response: HTTPURLResponse, receivedAt: Date) -> TimeInterval {
        let directives = cacheControl(response)
        if directives["no-cache"] != nil { return 0 }
        if let maxAge = directives["max-age"].flatMap({ $0 }).flatMap(TimeInterval.init) {
            return max(0, maxAge)
        }
        if let expires = response.value(forHTTPHeaderField: "Expires").flatMap(httpDate) {
            let base = response.value(forHTTPHeaderField: "Date").flatMap(httpDate) ?? receivedAt
            return max(0, expires.timeIntervalSince(base))
        }
        return 0
    }

    static func forbidsStoring(_ response: HTTPURLResponse) -> Bool {
        cacheControl(response)["no-store"] != nil
    }

    static func cacheControl(_ response: HTTPURLResponse) -> [String: String?] {
        guard let header = response.value(forHTTPHeaderField: "Cache-Control") else { return [:] }
        var result: [String: String?] = [:]
        for part in header.split(separator: ",") {
            let pieces = part.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard let name = pieces.first?.lowercased(), !name.isEmpty else { continue }
            result[name] = pieces.count > 1 ? pieces[1] : nil
        }
        return result
    }

    /// Parses an IMF-fixdate ("Sun, 06 Nov 1994 08:49:37 GMT").
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
