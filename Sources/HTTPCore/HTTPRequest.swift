import FoundationEssentials
import Basics

/// One HTTP request: a URL, a method, header fields in the order set and an optional body. The one
/// request type of plan's modules: the model backend's and the weather and place services' alike.
public struct HTTPRequest: Sendable, Equatable {
    /// Where the request goes.
    public var url: URL
    /// "GET" unless set ("POST" for a body).
    public var httpMethod: String
    /// The body sent with a POST.
    public var httpBody: Data?
    /// Header fields in the order set; names compared without regard to case.
    public private(set) var headerFields: [HeaderField]

    /// One header field.
    public struct HeaderField: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public init(url: URL) {
        self.url = url
        self.httpMethod = "GET"
        self.httpBody = nil
        self.headerFields = []
    }

    /// Sets (or with nil removes) a header field, replacing any field of the same name.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) {
        headerFields.removeAll { $0.name.equalsIgnoringCase(name) }
        if let value { headerFields.append(HeaderField(name: name, value: value)) }
    }

    /// The value of a header field (any case of its name), if set.
    public func value(forHTTPHeaderField name: String) -> String? {
        headerFields.first { $0.name.equalsIgnoringCase(name) }?.value
    }
}
