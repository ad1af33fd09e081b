import FoundationEssentials
import Model

/// A fresh cache entry's decoded record (see `Store.freshDecoded(url:at:maximumLifetime:)`): what its body decodes to,
/// without the body.
public struct DecodedResponse: Sendable, Equatable {
    public var url: String
    /// When the body behind the record was fetched from the origin.
    public var fetchedAt: Date
    /// The record text, in the format of the type that wrote it.
    public var record: String

    public init(url: String, fetchedAt: Date, record: String) {
        self.url = url
        self.fetchedAt = fetchedAt
        self.record = record
    }
}
