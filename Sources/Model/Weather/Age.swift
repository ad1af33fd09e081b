import FoundationEssentials

/// "12 min ago", "3 h ago", "2 days ago".
public enum Age {
    public static func describe(_ seconds: TimeInterval) -> String {
        guard seconds.isFinite, seconds < 1e12 else { return "long ago" }
        switch seconds {
        case ..<60: return "just now"
        case ..<3_600: return "\(Int(checked: seconds / 60) ?? 0) min ago"
        case ..<(2 * 86_400): return "\(Int(checked: seconds / 3_600) ?? 0) h ago"
        default: return "\(Int(checked: seconds / 86_400) ?? 0) days ago"
        }
    }
}
