import JSON

/// One resource `resources/list` names.
public struct MCPResource: Sendable, Equatable {
    /// Its URI (`plan://trips/4`).
    public let uri: String
    /// A short name.
    public let name: String
    /// What it holds.
    public let description: String
    /// Its MIME type.
    public let mimeType: String

    /// A resource.
    public init(uri: String, name: String, description: String, mimeType: String) {
        self.uri = uri
        self.name = name
        self.description = description
        self.mimeType = mimeType
    }

    /// As `resources/list` gives it.
    public var json: JSONValue {
        ["uri": .string(uri), "name": .string(name), "description": .string(description), "mimeType": .string(mimeType)]
    }
}
