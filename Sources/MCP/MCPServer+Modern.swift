import JSON

/// The modern era (2026-07-28): `server/discover` in place of the handshake, every request stateless, every
/// result marked complete and stamped with who answered, list results with how long a client may keep them.
extension MCPServer {
    /// How long a client may keep a result, and whether it may share it between users.
    enum Caching {
        /// plan's tools, templates and server description do not change while it runs: an hour, anyone's.
        case stable
        /// Trips and lists change with the database (from any process): ask again, this user's only.
        case changing

        var fields: [String: JSONValue] {
            switch self {
            case .stable: return ["ttlMs": 3_600_000, "cacheScope": "public"]
            case .changing: return ["ttlMs": 0, "cacheScope": "private"]
            }
        }
    }

    /// `server/discover`: the modern era's description of the server, in place of the handshake.
    func discover(_ request: MCPRequest) async {
        await send(Self.response(request.id, modernResult([
            "supportedVersions": .array(MCPVersion.all.map(JSONValue.string)),
            "capabilities": ["tools": ["listChanged": false], "resources": ["listChanged": true, "subscribe": true]],
            "serverInfo": serverInfo,
            "instructions": .string(catalog.instructions),
        ], caching: .stable)))
    }

    /// A handshake-era method the modern era dropped: said as such, with what replaces it.
    func retired(_ request: MCPRequest) async {
        let method = request.method
        let instead = method.hasPrefix("resources/") ? " Use subscriptions/listen." : ""
        await send(Self.errorResponse(request.id, RPCError(code: -32601, message: "'\(method)' is not part of protocol revision 2026-07-28.\(instead)")))
    }

    /// A modern result: complete, stamped with the server's name and version, and with its caching for list
    /// and read results.
    func modernResult(_ result: JSONValue, caching: Caching? = nil) -> JSONValue {
        guard case var .object(object) = result else { return result }
        object["resultType"] = "complete"
        var meta = object["_meta"]?.objectValue ?? [:]
        meta[MCPEnvelope.serverInfoKey] = ["name": "plan", "version": .string(serverVersion)]
        object["_meta"] = .object(meta)
        if let caching {
            for (key, value) in caching.fields { object[key] = value }
        }
        return .object(object)
    }

    /// A work request's result as the modern era gives it: reads and lists change with the database.
    func modernWorkResult(_ result: JSONValue) -> JSONValue {
        let changing = result["resources"] != nil || result["contents"] != nil
        return modernResult(result, caching: changing ? .changing : nil)
    }
}
