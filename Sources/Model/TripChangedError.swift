import FoundationEssentials

/// A trip changed (another `plan edit` or `plan leg`) between the moment a command read it and the moment
/// it wrote its change: the change was not written, so nothing the other command did is lost. The
/// command reads the trip again and redoes its change; this reaches the traveller only when the trip keeps
/// changing (exit 75, try again).
public struct TripChangedError: Error, LocalizedError, Sendable, Equatable {
    public var tripID: Int
    /// The revision the command read, and the one it found when it came to write.
    public var expected: Int
    public var found: Int

    public init(tripID: Int, expected: Int, found: Int) {
        self.tripID = tripID
        self.expected = expected
        self.found = found
    }

    public var errorDescription: String? {
        "trip \(tripID) was changed by another command while this one worked on it; nothing was changed."
    }

    public var recoverySuggestion: String? {
        "Run 'plan show \(tripID)' to see it as it is now, then try again."
    }
}
