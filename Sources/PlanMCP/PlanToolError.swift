import FoundationEssentials

/// A tool's argument that plan cannot use, said the way the command line says it.
public enum PlanToolError: LocalizedError, Sendable, Equatable {
    /// A required argument is absent.
    case missing(String)
    /// An argument has the wrong type or is out of range.
    case invalid(String, expected: String)
    /// No trip has this id.
    case noSuchTrip(Int)
    /// The trip has no packing list yet.
    case noList(Int)
    /// packing_list added the trip, then could not make its list: the trip is kept.
    case addedButNotPacked(trip: Int, headline: String, reason: String)

    /// One plain line, as a tool result's text.
    public var errorDescription: String? {
        switch self {
        case let .missing(name): "missing argument '\(name)'."
        case let .invalid(name, expected): "'\(name)' must be \(expected)."
        case let .noSuchTrip(id): "no trip \(id)."
        case let .noList(id): "trip \(id) has no packing list yet."
        case let .addedButNotPacked(id, headline, reason):
            "added trip \(id) (\(headline)), but its list could not be made: \(reason.hasSuffix(".") ? String(reason.dropLast()) : reason)."
        }
    }

    /// What the assistant can do about it.
    public var recoverySuggestion: String? {
        switch self {
        case .missing, .invalid: "See the tool's inputSchema."
        case .noSuchTrip: "Call list_trips to see the trips."
        case let .noList(id): "Call packing_list with trip \(id) to make one."
        case let .addedButNotPacked(id, _, _):
            "The trip is saved: call packing_list with trip \(id) to try again (a destination would add the trip a second time)."
        }
    }
}
