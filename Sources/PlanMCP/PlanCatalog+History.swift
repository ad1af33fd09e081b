import FoundationEssentials
import Basics
import JSON
import LanguageModels
import MCP
import Model

/// Each MCP session is a plan session (purpose `mcp`, the client's name and version as its model, no trip),
/// each tool call two entries: the call with its arguments, and what it answered. History is a record, not
/// the service: a write that fails (a busy or full database) is noted on stderr and the call still answers.
extension PlanCatalog {
    /// The most of a result's text or payload kept in an entry.
    static let entryBudget = 16_000

    /// Starts the `mcp` session in the history, named after the client.
    public func begin(client: MCPClientInfo) async {
        let label = "mcp: " + ([client.name, client.version].filter { !$0.isEmpty }.joined(separator: " "))
        do {
            let id = try await app.startSession(
                purpose: .mcp, label: label, opening: "MCP session with \(client.name) \(client.version) (protocol \(client.protocolVersion))"
            )
            session.withLock { $0 = id }
        } catch {
            Self.note("history not recorded: " + describe(error))
        }
    }

    /// Appends the call and its answer to the session.
    public func record(tool: String, arguments: JSONValue, result: MCPToolResult) async {
        guard let id = session.current else { return }
        let call = Self.cut(arguments.compactText)
        let payload = call.count == arguments.compactText.count ? call : nil
        do {
            try await app.appendEntry(session: id, kind: Transcript.Kind.toolCalls.rawValue, tool: tool, text: "\(tool) \(call)", payload: payload)
            let structured = result.structured.map(\.compactText)
            try await app.appendEntry(
                session: id, kind: Transcript.Kind.toolOutput.rawValue, tool: tool, text: (result.isError ? "error: " : "") + Self.cut(result.text),
                payload: structured.flatMap { $0.utf8.count <= Self.entryBudget ? $0 : nil }
            )
        } catch {
            Self.note("history not recorded: " + describe(error))
        }
    }

    /// Marks the session completed.
    public func end() async {
        guard let id = session.current else { return }
        do {
            try await app.finishSession(id, status: .completed)
        } catch {
            Self.note("history not finished: " + describe(error))
        }
    }

    private static func cut(_ text: String) -> String {
        text.utf8.count <= entryBudget ? text : String(text.prefix(entryBudget / 4)) + "…"
    }

    /// A line on stderr (stdout is the protocol's).
    static func note(_ line: String) {
        StandardError.write(("plan: " + MCPText.safe(line, limit: 300) + "\n"))
    }
}
