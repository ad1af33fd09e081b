import FoundationEssentials
import JSON

/// The requests that do work, run off the server's actor, each in a task of its own: each returns the whole
/// response message and whether the resources changed.
enum MCPRequestWork {
    /// What a request's work needs of the server: the agreed revision and the catalog.
    struct Context: Sendable {
        let version: String
        let modern: Bool
        let catalog: any MCPCatalog
    }

    /// A request's work: its answer, and whether a tool changed the resources.
    typealias Work = @Sendable (MCPRequest, Context) async -> (JSONValue, Bool)

    /// `tools/call`: a protocol error only when the request names no tool plan has; everything that goes
    /// wrong inside the tool is a result with `isError` and plan's one-line message.
    static func callTool(_ request: MCPRequest, _ context: Context) async -> (JSONValue, Bool) {
        let (id, catalog) = (request.id, context.catalog)
        let call: MCPParams.ToolCall
        do throws(RPCError) {
            call = try MCPParams.ToolCall(request.params)
        } catch {
            return (MCPServer.errorResponse(id, error), false)
        }
        let name = call.name
        guard let tool = catalog.tools.first(where: { $0.name == name }) else {
            let names = catalog.tools.map(\.name).joined(separator: ", ")
            return (MCPServer.errorResponse(id, .invalidParams("unknown tool '\(MCPText.safe(name, limit: 80))'; the tools are \(names).")), false)
        }
        let arguments = call.arguments
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
        let structured = MCPVersion.hasStructuredOutput(context.version) && tool.outputSchema != nil
        return (MCPServer.response(id, result.json(structuredOutput: structured)), result.changedResources)
    }

    /// `resources/list`: every resource, in one page.
    static func listResources(_ request: MCPRequest, _ context: Context) async -> (JSONValue, Bool) {
        do {
            let resources = try await context.catalog.resources()
            return (MCPServer.response(request.id, ["resources": .array(resources.map(\.json))]), false)
        } catch {
            return (MCPServer.errorResponse(request.id, .internalError(context.catalog.describe(error))), false)
        }
    }

    /// `resources/read`: the text of one resource; for a URI plan does not have, -32002 (handshake era) or
    /// -32602 (modern).
    static func readResource(_ request: MCPRequest, _ context: Context) async -> (JSONValue, Bool) {
        let (id, catalog) = (request.id, context.catalog)
        let uri: String
        do throws(RPCError) {
            uri = try MCPParams.Resource(request.params, method: request.method).uri
        } catch {
            return (MCPServer.errorResponse(id, error), false)
        }
        do {
            guard let (text, mimeType) = try await catalog.read(uri: uri) else {
                return (MCPServer.errorResponse(id, .resourceNotFound(uri, modern: context.modern)), false)
            }
            let contents: JSONValue = [["uri": .string(uri), "mimeType": .string(mimeType), "text": .string(catalog.outgoing(resource: text))]]
            return (MCPServer.response(id, ["contents": contents]), false)
        } catch {
            return (MCPServer.errorResponse(id, .internalError(catalog.describe(error))), false)
        }
    }
}
