import FoundationEssentials

/// One answer: status, type, body, and the headers every answer carries (a Content-Security-Policy allowing
/// the page's own script and style only, no caching of a trip's data, no referrer: the secret stays in the
/// address bar).
public struct WebResponse: Sendable, Equatable {
    /// One header.
    public struct Field: Sendable, Equatable {
        public let name: String
        public let value: String

        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    public var status: Int
    public var body: [UInt8]
    public var fields: [Field]

    public init(status: Int, contentType: String, body: String, fields: [Field] = []) {
        self.status = status
        self.body = Array(body.utf8)
        self.fields = [Field("Content-Type", contentType)] + fields + Self.always
    }

    /// The policy: the page's own files only, no frames, no forms posted elsewhere, no plugins.
    public static let contentSecurityPolicy = """
        default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; \
        base-uri 'none'; form-action 'none'; frame-ancestors 'none'
        """

    /// Headers on every answer.
    static let always = [
        Field("Content-Security-Policy", contentSecurityPolicy),
        Field("X-Content-Type-Options", "nosniff"),
        Field("Referrer-Policy", "no-referrer"),
        Field("X-Frame-Options", "DENY"),
    ]

    /// Not the page's, or not for this secret: the same few words whatever was asked, nothing about any trip.
    public static let notFound = WebResponse(
        status: 404, contentType: "text/plain; charset=utf-8", body: "Not found.\n", fields: [Field("Cache-Control", "no-store")]
    )

    /// A method the path does not take.
    public static func methodNotAllowed(_ allowed: String) -> WebResponse {
        WebResponse(status: 405, contentType: "text/plain; charset=utf-8", body: "Method not allowed.\n", fields: [Field("Allow", allowed)])
    }

    /// A write from another site's page (its Origin is not this server's).
    public static let forbidden = WebResponse(status: 403, contentType: "text/plain; charset=utf-8", body: "Forbidden.\n")

    /// A malformed request.
    public static func badRequest(_ reason: String) -> WebResponse {
        WebResponse(status: 400, contentType: "text/plain; charset=utf-8", body: reason + "\n")
    }

    /// The answer took too long, or failed inside.
    public static let unavailable = WebResponse(
        status: 503, contentType: "text/plain; charset=utf-8", body: "Try again in a moment.\n", fields: [Field("Retry-After", "2")]
    )

    /// JSON data of a trip (never cached).
    public static func json(_ text: String, status: Int = 200, etag: String? = nil) -> WebResponse {
        var fields = [Field("Cache-Control", "no-store")]
        if let etag { fields.append(Field("ETag", etag)) }
        return WebResponse(status: status, contentType: "application/json", body: text, fields: fields)
    }

    /// Nothing changed since the ETag the client has.
    public static func notModified(_ etag: String) -> WebResponse {
        var response = WebResponse(status: 304, contentType: "application/json", body: "", fields: [Field("Cache-Control", "no-store"), Field("ETag", etag)])
        response.body = []
        return response
    }
}
