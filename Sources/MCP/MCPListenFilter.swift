import JSON

/// What a `subscriptions/listen` stream asked to hear and plan honours: the resource list changing, and
/// updates of named resources. plan's tools never change while it runs and it has no prompts, so those are
/// not honoured (the acknowledgement says so by leaving them out).
struct MCPListenFilter: Equatable {
    /// The most resources one stream may watch.
    static let maximumURIs = 100

    /// Tell the client when resources appear or go.
    let resourcesListChanged: Bool
    /// Tell the client when these change.
    let uris: Set<String>

    /// The honoured part of a request's `params.notifications`.
    init(_ notifications: JSONValue?) {
        resourcesListChanged = notifications?["resourcesListChanged"] == true
        let requested = notifications?["resourceSubscriptions"]?.arrayValue ?? []
        uris = Set(requested.prefix(Self.maximumURIs).compactMap(\.stringValue).filter { $0.utf8.count <= 200 })
    }

    /// The acknowledgement's `notifications`: what will be sent.
    var honored: JSONValue {
        var object: [String: JSONValue] = [:]
        if resourcesListChanged { object["resourcesListChanged"] = true }
        if !uris.isEmpty { object["resourceSubscriptions"] = .array(uris.sorted().map(JSONValue.string)) }
        return .object(object)
    }
}
