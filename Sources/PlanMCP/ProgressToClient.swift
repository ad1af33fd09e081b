import MCP
import PlanKit

/// Where `plan mcp`'s use cases say what they are doing: to the client whose request is running, as
/// `notifications/progress`, when it gave a progress token (`MCPProgress.current`); nowhere otherwise.
struct ProgressToClient: ProgressDisplay {
    func progress(_ text: String) {
        MCPProgress.current?.report(text)
    }

    func endProgress() {}
}
