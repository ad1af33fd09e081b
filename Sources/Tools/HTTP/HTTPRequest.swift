import Foundation
import LanguageModels

/// One HTTP request as plan sends it: a URL, a method, header fields and an optional body.
///
/// Shaped like Foundation's `HTTPRequest` (the same names for what plan uses), so the code that builds
/// requests reads as it did when the transport was URLSession.
public struct HTTPRequest: Sendable, Equatable {
    /// Where the request goes (optional only to keep `HTTPRequest`'s shape; a request without one fails).
    public var url: URL?
    /// "GET" unless set ("POST" for a body).
    public var httpMethod: String
    /// The body sent with a POST.
    public var httpBody: Data?
    /// Kept for `HTTPRequest`'s shape only: the transport's silence bound and the request's `ModelTransportLimits`
    /// decide (as they did under URLSession, whose transport overrode this).
    public var timeoutInterval: TimeInterval
    /// Header fields in the order set; names compared without regard to case.
    public private(set) var headerFields: [(name: String, value: String)]

    public init(url: URL, timeoutInterval: TimeInterval = 60) {
        self.url = url
        self.httpMethod = "GET"
        self.httpBody = nil
        self.timeoutInterval = timeoutInterval
        self.headerFields = []
    }

    /// Sets (or with nil removes) a header field, replacing any field of the same name.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        headerFields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        if let value { headerFields.append((name, value)) }
    }

    /// The value of a header field (any case of its name), if set.
    public func value(forHTTPHeaderField name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.url == b.url && a.httpMethod == b.httpMethod && a.httpBody == b.httpBody
            && a.timeoutInterval == b.timeoutInterval
            && a.headerFields.map(\.name) == b.headerFields.map(\.name)
            && a.headerFields.map(\.value) == b.headerFields.map(\.value)
    }
}

