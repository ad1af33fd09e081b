import FoundationEssentials
import Basics
import Model

/// An HTTP response as the cache keeps it (any final status RFC 9111 lets a private cache store).
public struct CachedResponse: Sendable, Equatable {
    public var url: String
    public var status: Int
    /// The response's header fields as received (a field sent twice joined with ", "), updated by a 304.
    public var headers: [String: String]
    public var contentType: String?
    public var body: Data
    public var etag: String?
    public var lastModified: String?
    /// When the body was fetched from the origin.
    public var fetchedAt: Date
    /// When it stops being fresh.
    public var expiresAt: Date
    /// When it was last fetched or revalidated.
    public var validatedAt: Date

    public init(
        url: String, status: Int, contentType: String?, body: Data, etag: String?, lastModified: String?,
        fetchedAt: Date, expiresAt: Date, validatedAt: Date, headers: [String: String] = [:]
    ) {
        self.url = url
        self.status = status
        self.headers = headers
        self.contentType = contentType
        self.body = body
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.expiresAt = expiresAt
        self.validatedAt = validatedAt
    }

    /// A header field's value, whatever the case of its name.
    public func header(_ name: String) -> String? {
        if let exact = headers[name] { return exact }
        return headers.first { $0.key.equalsIgnoringCase(name) }?.value
    }

    /// Header fields as the `headers` column keeps them: one "name: value" line each (CR and LF in a
    /// value, which a parsed field cannot hold, replaced by spaces).
    public static func encode(headers: [String: String]) -> String {
        headers.sorted { $0.key < $1.key }.map { name, value in
            let clean = { (text: String) in String(text.map { $0 == "\r" || $0 == "\n" ? " " : $0 }) }
            return "\(clean(name)): \(clean(value))"
        }.joined(separator: "\n")
    }

    /// The header fields of a `headers` column (nil or empty: none).
    public static func decode(headers text: String?) -> [String: String] {
        var fields: [String: String] = [:]
        for line in (text ?? "").split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let value = line[line.index(after: colon)...].drop { $0 == " " }
            fields[String(line[..<colon])] = String(value)
        }
        return fields
    }

    /// Whether it is still fresh at `date` for a kind whose answers live at most `maximumLifetime` seconds
    /// (`CacheFreshness`, the rule every cache read applies).
    public func isFresh(at date: Date, maximumLifetime: TimeInterval) -> Bool {
        CacheFreshness.isFresh(expiresAt: expiresAt, validatedAt: validatedAt, at: date, maximumLifetime: maximumLifetime)
    }
}
