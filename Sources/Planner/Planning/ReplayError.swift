import FoundationEssentials

/// A replay cannot run: the pack it replays left no pinned forecast to replay it with (exit 66).
public enum ReplayError: Error, LocalizedError, Sendable, Equatable {
    /// No forecast was pinned to the trip when `session` ran.
    case noPinnedForecast(tripID: Int, session: Int)
    /// Stop `position` (`label`) of a trip of several stops had no forecast pinned when `session` ran.
    case noPinnedStopForecast(tripID: Int, session: Int, position: Int, label: String)

    public var errorDescription: String? {
        switch self {
        case let .noPinnedForecast(tripID, session):
            "no forecast was pinned to trip \(tripID) when session \(session) ran."
        case let .noPinnedStopForecast(_, session, position, label):
            "no forecast was pinned for stop \(position) (\(label)) when session \(session) ran."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case let .noPinnedForecast(tripID, _):
            "Replays need the pinned forecast; run 'plan pack \(tripID)' to pack with a fresh one."
        case let .noPinnedStopForecast(tripID, _, _, _):
            "Replays need every stop's pinned forecast; run 'plan pack \(tripID)' to pack with fresh ones."
        }
    }
}
