import FoundationEssentials

/// What changes in Store's `updateTrip`: nil fields stay as they are.
public struct TripChange: Sendable, Equatable {
    public var name: String?
    /// Every stop's activities, when `legs` is nil (with `legs`, each leg carries its own).
    public var activities: [String]?
    /// The whole list of stops, replacing the old one (positions are renumbered from 1).
    public var legs: [TripLeg]?
    /// What changed that makes an older list out of date; nil when nothing such changed (a new name).
    public var note: String?
    /// Who is travelling, replacing the party.
    public var party: TripParty?

    public init(
        name: String? = nil, activities: [String]? = nil, legs: [TripLeg]? = nil, note: String? = nil, party: TripParty? = nil
    ) {
        self.name = name
        self.activities = activities
        self.legs = legs
        self.note = note
        self.party = party
    }
}
