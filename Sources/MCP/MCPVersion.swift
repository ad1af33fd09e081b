/// The MCP protocol revisions `plan mcp` speaks, in its two eras, and the choice made at `initialize`.
public enum MCPVersion {
    /// The handshake era's revisions (`initialize`, then a session), newest first.
    public static let supported = ["2025-11-25", "2025-06-18", "2025-03-26"]
    /// The modern era's revision: no handshake, every request carries its version in `_meta`.
    public static let modern = "2026-07-28"
    /// Every revision plan speaks, as `server/discover` and a -32022 error name them: the modern first.
    public static let all = [modern] + supported

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
