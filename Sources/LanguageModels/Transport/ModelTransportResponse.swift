import Foundation

/// The status and header fields of a server's answer (the body travels beside it).
public struct ModelTransportResponse: Sendable, Equatable {
    public var statusCode: Int
    /// Header fields by the name the server sent (a field sent twice: its values joined with ", ").
    public var headerFields: [String: String]

    public init(statusCode: Int, headerFields: [String: String] = [:]) {
        self.statusCode = statusCode
        self.headerFields = headerFields
    }
}
