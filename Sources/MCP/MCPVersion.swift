/// The MCP protocol revisions `plan mcp` speaks, and the choice made at `initialize`.
public enum MCPVersion {
    /// Newest first.
    public static let supported = ["2025-11-25", "2025-06-18", "2025-03-26"]

    /// The client's requested revision when plan speaks it, else plan's newest (the client then decides
    /// whether it can go on).
    public static func negotiate(_ requested: String?) -> String {
        if let requested, supported.contains(requested) { return requested }
        return supported[0]
    }

    /// Whether a revision has structured tool output (`structuredContent`, `outputSchema`): 2025-06-18 on.
    public static func hasStructuredOutput(_ version: String) -> Bool {
        version >= "2025-06-18"
    }
}
