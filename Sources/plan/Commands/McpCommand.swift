import FoundationEssentials
import Interface
import MCP
import PlanMCP

/// `plan mcp`: serves plan's catalog (PlanMCP) over the same application core `add`, `show` and `pack` use,
/// until the client closes stdin. Everything the command prints goes to stderr; stdout is the protocol's.
struct McpCommand: RunnableCommand {
    static let path = ["mcp"]

    var model: String?
    var offline = false

    init() {}

    static var declaration: Command<Self> {
        Command(
            path, summary: "Serve plan's tools to an assistant (Model Context Protocol, stdio)",
            discussion: """
                Runs a Model Context Protocol server on stdin and stdout (JSON-RPC 2.0, one
                message a line) for an assistant host such as Claude Desktop or VS Code, in both
                of the protocol's eras: 2026-07-28 (server/discover; live changes through
                subscriptions/listen; progress) and the 2025 handshake (initialize). Its tools
                are geocode, forecast, packing_list, list_trips, show_trip, check_items and add_item;
                each trip's list is the resource plan://trips/<id> (a Markdown checklist) and
                plan://trips/<id>.json. The tools use the same database, cache and rules as the
                commands. Lists come from the built-in engine unless --model is given (PLAN_MODEL
                is not read). Nothing but protocol messages goes to stdout; notes go to stderr.
                The server ends when the client closes stdin. See docs/mcp.md.
                """,
            parameters: [[
                .option("model", \.model, value: "<m>", help: "pack with this model (builtin, or an OpenAI-compatible base URL)"),
                .flag("offline", \.offline, help: "no network: the cache and the offline place data only"),
            ]],
            section: .packing,
            examples: [#"{"command": "plan", "args": ["mcp"]}   (an MCP host's server entry)"#]
        )
    }

    func run(_ context: Context) async throws {
        // The built-in engine unless the server was started with --model: an assistant's call never makes
        // plan ask a model of its own that the traveller did not name. Made once (a bad --model fails now, not
        // at the first call), and used by every pack of the session.
        let name = self.model ?? "builtin"
        let model = try await context.languageModel(named: name)
        // The core the commands use, over this run's one database connection.
        let catalog = try PlanCatalog(app: context.app, model: model, offline: offline)
        context.console.warn("plan: serving MCP on stdin and stdout (\(name)); close stdin to stop.")
        await MCPStdio.serve(catalog: catalog, version: PlanInfo.version)
    }
}
