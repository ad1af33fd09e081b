/// The syslog levels of MCP's `logging/setLevel` and `notifications/message`, least severe first.
public enum MCPLogLevel: String, Sendable, CaseIterable, Comparable {
    case debug, info, notice, warning, error, critical, alert, emergency

    /// Whether a message at `level` is sent when the client asked for `self` and above.
    public func includes(_ level: MCPLogLevel) -> Bool { level >= self }

    /// "debug, info, …".
    static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Less severe.
    public static func < (lhs: MCPLogLevel, rhs: MCPLogLevel) -> Bool {
        guard let left = allCases.firstIndex(of: lhs), let right = allCases.firstIndex(of: rhs) else { return false }
        return left < right
    }
}
