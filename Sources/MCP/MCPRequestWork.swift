import FoundationEssentials
import JSON

/// The requests that do work, run off the server's actor: each returns the whole response message.
enum MCPRequestWork {
    /// The answer to `tools/call`, `resources/list` or `resources/read`, and whether a tool changed the resources.
    static func answer(
        id: JSONValue, method: String, params: JSONValue, version: String, modern: Bool, catalog: any MCPCatalog
    ) async -> (JSONValue, Bool) {
        switch method {
        case "tools/call": return await callTool(id: id, params: params, version: version, catalog: catalog)
        case "resources/list": return (await listResources(id: id, catalog: catalog), false)
        default: return (await readResource(id: id, params: params, modern: modern, catalog: catalog), false)
        }
    }

    /// `tools/call`: a protocol error only when the request names no tool plan has; everything that goes
    /// wrong inside the tool is a result with `isError` and plan's one-line message.
    static func callTool(id: JSONValue, params: JSONValue, version: String, catalog: any MCPCatalog) async -> (JSONValue, Bool) {
        guard let name = params["name"]?.stringValue else {
            return (MCPServer.errorResponse(id, .invalidParams("tools/call needs params.name.")), false)
        }
        guard let tool = catalog.tools.first(where: { $0.name == name }) else {
            let names = catalog.tools.map(\.name).joined(separator: ", ")
            return (MCPServer.errorResponse(id, .invalidParams("unknown tool '\(MCPText.safe(name, limit: 80))'; the tools are \(names).")), false)
        }
        let arguments = params["arguments"] ?? [:]
        var result: MCPToolResult
        if let object = arguments.objectValue {
            do {
                result = try await tool.call(object)
            } catch {
                result = MCPToolResult(text: catalog.describe(error), isError: true)
            }
        } else {
            result = MCPToolResult(text: "arguments must be a JSON object.", isError: true)
        }
        if Task.isCancelled { result = MCPToolResult(text: "cancelled.", isError: true) }
        result = catalog.outgoing(result)
        await catalog.record(tool: name, arguments: arguments, result: result)
        let structured = MCPVersion.hasStructuredOutput(version) && tool.outputSchema != nil
        return (MCPServer.response(id, result.json(structuredOutput: structured)), result.changedResources)
    }

    /// `resources/list`: every resource, in one page.
    static func listResources(id: JSONValue, catalog: any MCPCatalog) async -> JSONValue {
        do {
            let resources = try await catalog.resources()
            return MCPServer.response(id, ["resources": .array(resources.map(\.json))])
        } catch {
            return MCPServer.errorResponse(id, .internalError(catalog.describe(error)))
        }
    }

    /// `resources/read`: the text of one resource; for a URI plan does not have, -32002 (handshake era) or
    /// -32602 (modern).
    static func readResource(id: JSONValue, params: JSONValue, modern: Bool, catalog: any MCPCatalog) async -> JSONValue {
        guard let uri = params["uri"]?.stringValue else {
            return MCPServer.errorResponse(id, .invalidParams("resources/read needs params.uri."))
        }
        do {
            guard let (text, mimeType) = try await catalog.read(uri: uri) else {
                return MCPServer.errorResponse(id, .resourceNotFound(uri, modern: modern))
            }
            return MCPServer.response(id, ["contents": [["uri": .string(uri), "mimeType": .string(mimeType), "text": .string(catalog.outgoing(resource: text))]]])
        } catch {
            return MCPServer.errorResponse(id, .internalError(catalog.describe(error)))
        }
    }
}
