import Foundation

/// One HTTP request a backend sends: a URL, a method, header fields in the order set, an optional body.
public struct ModelTransportRequest: Sendable, Equatable {
    public var url: URL
    /// "GET", or "POST" for a body.
    public var method: String
    /// Header fields in the order set; names compared without regard to case.
    public private(set) var headerFields: [HeaderField]
    public var body: Data?

    /// One header field.
    public struct HeaderField: Sendable, Equatable {
        public var name: String
        public var value: String
    }

    public init(url: URL, method: String = "GET", body: Data? = nil) {
        self.url = url
        self.method = method
        self.body = body
        self.headerFields = []
    }

    /// Sets (or with nil removes) a header field, replacing any field of the same name.
    public mutating func setValue(_ value: String?, forHeaderField name: String) {
        headerFields.removeAll { $0.name.caseInsensitiveCompare(name) == .orderedSame }
        if let value { headerFields.append(HeaderField(name: name, value: value)) }
    }

    /// The value of a header field (any case of its name), if set.
    public func value(forHeaderField name: String) -> String? {
        headerFields.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}
