import JSON

/// Changes to the resources reach the client whichever process made them: the catalog's resource versions are
/// compared with the last look every `pollInterval` while anyone can hear (after `initialize` in the handshake
/// era; while a `subscriptions/listen` stream is open in the modern one), and after every tool call that says
/// it changed something.
extension MCPServer {
    /// `subscriptions/listen`: acknowledges what plan honours, then keeps the stream open (no answer) until the
    /// client cancels it or the input ends.
    func listen(_ request: MCPRequest) async {
        let (id, params) = (request.id, request.params)
        guard running[id] == nil, listeners[id] == nil else {
            return await send(Self.errorResponse(id, .invalidRequest("request \(id.compactText) is still running.")))
        }
        guard listeners.count < Self.maximumListeners else {
            return await send(Self.errorResponse(id, RPCError(code: -32000, message: "too many listen streams at once; close one first.")))
        }
        let filter = MCPListenFilter(params["notifications"])
        listeners[id] = filter
        await send([
            "jsonrpc": "2.0", "method": "notifications/subscriptions/acknowledged",
            "params": ["_meta": [MCPEnvelope.subscriptionKey: id], "notifications": filter.honored],
        ])
        await startWatching()
    }

    /// `resources/subscribe` and `unsubscribe` (handshake era).
    func subscribe(_ request: MCPRequest, on: Bool) async {
        let id = request.id
        let uri: String
        do throws(RPCError) {
            uri = try MCPParams.Resource(request.params, method: request.method).uri
        } catch {
            return await send(Self.errorResponse(id, error))
        }
        guard uri.utf8.count <= MCPParams.Resource.maximumSubscribedBytes else {
            return await send(Self.errorResponse(id, .invalidParams("\(request.method) takes a URI of at most \(MCPParams.Resource.maximumSubscribedBytes) bytes.")))
        }
        if on {
            guard subscribed.count < MCPListenFilter.maximumURIs || subscribed.contains(uri) else {
                return await send(Self.errorResponse(id, RPCError(code: -32000, message: "too many subscriptions; unsubscribe from one first.")))
            }
            subscribed.insert(uri)
        } else {
            subscribed.remove(uri)
        }
        await send(Self.response(id, [:]))
        await startWatching()
    }

    /// Takes the first look and starts looking every `pollInterval` (once).
    func startWatching() async {
        guard watcher == nil else { return }
        versions = try? await catalog.resourceVersions()
        let interval = pollInterval
        watcher = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: interval)
                guard let self, !Task.isCancelled else { return }
                await self.lookForChanges(announcingListChange: false)
            }
        }
    }

    /// Compares the resources with the last look and tells whoever listens; `announcingListChange`: a tool
    /// said it added one. One look at a time: a look asked for during another runs after it.
    func lookForChanges(announcingListChange: Bool) async {
        if checking {
            checkAgain = true
            announceAgain = announceAgain || announcingListChange
            return
        }
        checking = true
        var announce = announcingListChange
        repeat {
            checkAgain = false
            let before = versions
            let now = (try? await catalog.resourceVersions()) ?? before ?? [:]
            versions = now
            var listChanged = announce
            var updated: [String] = []
            if let before {
                listChanged = listChanged || Set(before.keys) != Set(now.keys)
                updated = now.filter { uri, version in before[uri].map { $0 != version } ?? false }.keys.sorted()
            }
            await deliver(listChanged: listChanged, updated: updated)
            announce = announceAgain
            announceAgain = false
        } while checkAgain || announce
        checking = false
    }

    private func deliver(listChanged: Bool, updated: [String]) async {
        switch era {
        case .modern:
            for (id, filter) in listeners.sorted(by: { $0.key.compactText < $1.key.compactText }) {
                let meta: JSONValue = [MCPEnvelope.subscriptionKey: id]
                if listChanged, filter.resourcesListChanged {
                    await send(["jsonrpc": "2.0", "method": "notifications/resources/list_changed", "params": ["_meta": meta]])
                }
                for uri in updated where filter.uris.contains(uri) {
                    await send(["jsonrpc": "2.0", "method": "notifications/resources/updated", "params": ["uri": .string(uri), "_meta": meta]])
                }
            }
        case .handshake:
            if listChanged { await send(["jsonrpc": "2.0", "method": "notifications/resources/list_changed"]) }
            for uri in updated where subscribed.contains(uri) {
                await send(["jsonrpc": "2.0", "method": "notifications/resources/updated", "params": ["uri": .string(uri)]])
            }
        case nil:
            break
        }
    }
}
