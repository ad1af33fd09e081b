import JSON

/// One request as the server received it: its id, the method it names and its params (an object, or null).
struct MCPRequest: Sendable {
    let id: JSONValue
    let method: String
    let params: JSONValue
}
