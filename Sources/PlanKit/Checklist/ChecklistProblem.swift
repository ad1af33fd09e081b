import FoundationEssentials

/// Why a trip's checklist cannot be served, in the trip's words.
public enum ChecklistProblem: Error, Equatable, Sendable {
    /// No trip has this id.
    case noSuchTrip(Int)
    /// No trip was named and none has a list.
    case noTripWithList
    /// The trip has no list yet.
    case noList(trip: Int)
}

extension ChecklistProblem: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .noSuchTrip(let id): return "no trip \(id)."
        case .noTripWithList: return "no trip has a packing list yet."
        case .noList(let trip): return "trip \(trip) has no packing list yet."
        }
    }

    public var recoverySuggestion: String? {
        switch self {
        case .noSuchTrip: return "'plan list' shows the trips and their numbers."
        case .noTripWithList: return "Pack one first: 'plan pack <trip>' ('plan list' shows the trips)."
        case .noList(let trip): return "Pack it first: 'plan pack \(trip)'."
        }
    }
}
