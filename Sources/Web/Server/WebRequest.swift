import FoundationEssentials

/// One request as the server read it: what routing and the answers need, nothing else.
public struct WebRequest: Sendable, Equatable {
    /// "GET", "HEAD", "POST"…
    public var method: String
    /// The path, without the query ("/t/<secret>/state").
    public var path: String
    /// The query's arguments plan reads (a key given without a value is "").
    public var arguments: [String: String]
    /// The `Origin` header, if any.
    public var origin: String?
    /// The `Host` header, if any.
    public var host: String?
    /// The `If-None-Match` header, if any.
    public var ifNoneMatch: String?

    public init(
        method: String, path: String, arguments: [String: String] = [:], origin: String? = nil, host: String? = nil,
        ifNoneMatch: String? = nil
    ) {
        self.method = method
        self.path = path
        self.arguments = arguments
        self.origin = origin
        self.host = host
        self.ifNoneMatch = ifNoneMatch
    }

    /// The query arguments the routes read.
    public static let argumentNames = ["print", "c", "key", "name", "q", "packed"]
}
