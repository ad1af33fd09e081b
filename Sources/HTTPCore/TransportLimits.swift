import FoundationEssentials
import Basics

/// Bounds on one exchange with a model server: a deadline for the whole of it (not only for silence) and a
/// body size. Tools' transport takes the same value (a deadline from 1 ms to a day).
public struct TransportLimits: Sendable, Equatable {
    /// Seconds from sending the request to the last byte of the answer.
    public var deadline: TimeInterval
    /// The most body bytes accepted; one more and the transfer is cut.
    public var maximumBytes: Int

    public init(deadline: TimeInterval, maximumBytes: Int) {
        self.deadline = deadline.isFinite ? min(max(deadline, 0.001), 86_400) : 86_400
        self.maximumBytes = max(0, maximumBytes)
    }

    /// Error bodies are read up to this size (only a line of them is ever shown or stored).
    public static let errorBodyBytes = 64 * 1_024

    /// "2 MB", "512 KB", "300 bytes".
    public static func describe(bytes: Int) -> String {
        if bytes >= 1_048_576 && bytes % 1_048_576 == 0 { return "\(bytes / 1_048_576) MB" }
        if bytes >= 1_024 && bytes % 1_024 == 0 { return "\(bytes / 1_024) KB" }
        return "\(bytes) bytes"
    }

    /// "3 s", "0.5 s".
    public static func describe(seconds: TimeInterval) -> String {
        guard seconds.isFinite else { return "ever" }
        if seconds.rounded() == seconds, abs(seconds) < 1e9 { return Printf.format("%.0f s", seconds) }
        return Printf.format("%.1f s", seconds)
    }
}
