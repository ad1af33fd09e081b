import FoundationEssentials
import Basics

/// The status line and header fields of an HTTP answer (the body travels beside it).
///
/// Shaped like Foundation's `HTTPURLResponse` for what plan reads.
public struct HTTPResponse: Sendable, Equatable {
    /// The URL that answered (after any redirects followed).
    public var url: URL
    public var statusCode: Int
    /// Header fields by the name the server sent; a field sent twice has its values joined with ", ".
    public var allHeaderFields: [String: String]

    public init(url: URL, statusCode: Int, headerFields: [String: String] = [:]) {
        self.url = url
        self.statusCode = statusCode
        self.allHeaderFields = headerFields
    }

    /// Foundation's initialiser, for code written against `HTTPResponse` (never fails; `httpVersion` unused).
    public init?(url: URL, statusCode: Int, httpVersion: String?, headerFields: [String: String]?) {
        self.init(url: url, statusCode: statusCode, headerFields: headerFields ?? [:])
    }

    /// A header field's value, whatever the case of its name.
    public func value(forHTTPHeaderField name: String) -> String? {
        if let exact = allHeaderFields[name] { return exact }
        return allHeaderFields.first { $0.key.equalsIgnoringCase(name) }?.value
    }

    /// `Content-Length` when the server sent a usable one.
    public var expectedContentLength: Int? {
        value(forHTTPHeaderField: "Content-Length").flatMap { Int($0.trimming(.whitespaces)) }  // parses text
            .flatMap { $0 >= 0 ? $0 : nil }
    }

    /// The standard reason phrase for a status, in lower case as Foundation gives it ("not found"), else
    /// its class ("client error", "server error").
    public static func localizedString(forStatusCode status: Int) -> String {
        if let phrase = reasonPhrases[status] { return phrase.lowercased() }
        switch status {
        case 400..<500: return "client error"
        case 500..<600: return "server error"
        default: return "status \(status)"
        }
    }

    /// RFC 9110's reason phrases for the statuses plan's services send.
    static let reasonPhrases: [Int: String] = [
        200: "OK", 201: "Created", 202: "Accepted", 204: "No Content", 206: "Partial Content",
        301: "Moved Permanently", 302: "Found", 303: "See Other", 304: "Not Modified", 307: "Temporary Redirect",
        308: "Permanent Redirect", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
        405: "Method Not Allowed", 406: "Not Acceptable", 408: "Request Timeout", 409: "Conflict", 410: "Gone",
        413: "Content Too Large", 414: "URI Too Long", 415: "Unsupported Media Type", 422: "Unprocessable Content",
        429: "Too Many Requests", 500: "Internal Server Error", 501: "Not Implemented", 502: "Bad Gateway",
        503: "Service Unavailable", 504: "Gateway Timeout",
    ]
}

